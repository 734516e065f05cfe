import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DAY_SECONDS } from '../../domain/shared/durations.js';
import type { Vault } from '../routes/route-deps.js';

/**
 * The browser's proof that an account signed in from it before: a random device id and, per
 * account, a keyed digest of (account, device) that only the server can make. Sign-ins from such a
 * device are not counted against the account's budget for new devices, so an attacker who spends
 * that budget from many addresses does not lock the owner out (docs/security.md, "Rate limits").
 */
export const KNOWN_DEVICE_COOKIE = 'tessera_device';
/** Sent only where it is read. */
const KNOWN_DEVICE_COOKIE_PATH = '/api/login';
const KNOWN_DEVICE_MAX_AGE_S = 365 * DAY_SECONDS;
/** Accounts one browser is remembered for (a shared computer); the oldest is forgotten first. */
const ACCOUNTS_PER_DEVICE = 5;
/** 16 random bytes in base64url. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/u;
/** An HMAC-SHA-256 in base64url. */
const PROOF_PATTERN = /^[A-Za-z0-9_-]{43}$/u;

interface DeviceCookie {
  deviceId: string;
  /** Newest first. */
  proofs: string[];
}

function parse(value: string | undefined): DeviceCookie | null {
  const [deviceId, ...proofs] = (value ?? '').split('.');
  if (deviceId === undefined || !DEVICE_ID_PATTERN.test(deviceId)) return null;
  return { deviceId, proofs: proofs.filter((proof) => PROOF_PATTERN.test(proof)).slice(0, ACCOUNTS_PER_DEVICE) };
}

const proofFor = (vault: Vault, userId: string, deviceId: string) => vault.blindIndex(`known-device:${userId}:${deviceId}`);

function sameProof(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The device id when this browser carries the proof that `userId` signed in from it; otherwise null. */
export async function knownDeviceOf(request: FastifyRequest, vault: Vault, userId: string): Promise<string | null> {
  const cookie = parse(request.cookies[KNOWN_DEVICE_COOKIE]);
  if (cookie === null || cookie.proofs.length === 0) return null;
  const expected = await proofFor(vault, userId, cookie.deviceId);
  return cookie.proofs.some((proof) => sameProof(proof, expected)) ? cookie.deviceId : null;
}

/** After a successful sign-in: remember that `userId` signed in from this browser. */
export async function rememberDevice(request: FastifyRequest, reply: FastifyReply, vault: Vault, userId: string, secure: boolean) {
  const cookie = parse(request.cookies[KNOWN_DEVICE_COOKIE]) ?? { deviceId: randomBytes(16).toString('base64url'), proofs: [] };
  const proof = await proofFor(vault, userId, cookie.deviceId);
  const proofs = [proof, ...cookie.proofs.filter((kept) => kept !== proof)].slice(0, ACCOUNTS_PER_DEVICE);
  reply.setCookie(KNOWN_DEVICE_COOKIE, [cookie.deviceId, ...proofs].join('.'), {
    path: KNOWN_DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: KNOWN_DEVICE_MAX_AGE_S,
  });
}
