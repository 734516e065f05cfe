import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Headers through which a proxy names the client it forwards for. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

export function isLoopback(address: string): boolean {
  const plain = address
    .trim()
    .replace(/^::ffff:/u, '')
    .replace(/^\[|\]$/gu, '');
  if (plain === '::1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

/**
 * True only for a request made on this machine: the socket peer is loopback, and no forwarding
 * header names anyone else. A reverse proxy on this machine connects from loopback too, so a
 * forwarded request counts as local only when every address it names is loopback; a proxy that
 * forwards without saying so cannot be told apart (configure it to send X-Forwarded-For).
 */
export function isTrulyLocal(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.remoteAddress ?? '')) return false;
  for (const name of FORWARDING_HEADERS) {
    const value = request.headers[name];
    if (value === undefined) continue;
    const addresses = [value].flat().flatMap((line) => line.split(','));
    const named = name === 'forwarded' ? addresses.map((part) => /for="?([^";]+)"?/iu.exec(part)?.[1] ?? '') : addresses;
    if (!named.every(isLoopback)) return false;
  }
  return true;
}
