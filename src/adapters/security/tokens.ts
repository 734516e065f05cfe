import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 bits from the system CSPRNG, URL-safe: session tokens, reset and verification links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up only as their SHA-256 (they carry enough entropy not to need a slow hash). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** A one-time code of `digits` decimal digits, leading zeros kept. */
export function newNumericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
