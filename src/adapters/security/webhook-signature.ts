import { createHmac } from 'node:crypto';

/** `Tessera-Signature`'s value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, as Stripe signs. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
