import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/**
 * Argon2id with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane); the
 * parameters and salt travel inside the PHC string, so they can be raised later without migration.
 */
const ARGON2ID_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function passwordMatches(phcHash: string, password: string): Promise<boolean> {
  try {
    return await verify(phcHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, checked when the account does not exist so that a login
 * takes as long for an unknown name as for a wrong password (no account enumeration by timing).
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-nobody-has-1!');
  return decoyHash;
}

const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_GROUPS = 4;
const GENERATED_GROUP_LENGTH = 5;

/**
 * A random password for an account nobody has chosen one for yet (the first admin, an operator's
 * reset): four groups of five letters and digits joined by '.', about 115 bits, always holding a
 * digit and a special character as the password rules ask.
 */
export function generatePassword(): string {
  for (;;) {
    const groups = Array.from({ length: GENERATED_GROUPS }, () =>
      Array.from({ length: GENERATED_GROUP_LENGTH }, () => GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)]).join(''),
    );
    const password = groups.join('.');
    if (/\d/u.test(password)) return password;
  }
}
