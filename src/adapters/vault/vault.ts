import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Marks a field as vault ciphertext: format, then base64 of iv | auth tag | ciphertext. */
const CIPHERTEXT_PREFIX = 'pd1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface PersonalDataVault {
  /** Encrypts with the user's key, creating the key on first use. */
  encrypt(userId: string, plaintext: string): Promise<string>;
  /** The plaintext, or null when the user's key was destroyed (the user is erased). */
  decrypt(userId: string, ciphertext: string): Promise<string | null>;
  /** Many at once, their keys read in one query: each plaintext, or null where its user's key was destroyed. */
  decryptEach(items: readonly { userId: string; ciphertext: string }[]): Promise<(string | null)[]>;
  /** Crypto-shredding: destroys the key, so every copy of the user's data becomes unreadable. */
  forget(userId: string): Promise<void>;
  isForgotten(userId: string): Promise<boolean>;
  /**
   * A keyed hash (HMAC-SHA256) of a value, to find a record by it (an e-mail address, a code)
   * without storing the value in clear. The key lives in the vault, never in events.
   */
  blindIndex(value: string): Promise<string>;
}

/** The vault_keys row holding the blind-index key; not a user id (user ids are uuids). */
const BLIND_INDEX_KEY_ID = 'blind-index';

export function isVaultCiphertext(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(CIPHERTEXT_PREFIX);
}

function decryptWith(key: Buffer, ciphertext: string): string {
  if (!isVaultCiphertext(ciphertext)) throw new Error('Not vault ciphertext');
  const raw = Buffer.from(ciphertext.slice(CIPHERTEXT_PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** AES-256-GCM with one random data key per user, kept in the vault_keys table. */
export function createPostgresVault(db: Kysely<Schema>): PersonalDataVault {
  const keys = new Map<string, Buffer>();

  async function findKey(userId: string): Promise<Buffer | null> {
    const cached = keys.get(userId);
    if (cached) return cached;
    const row = await db.selectFrom('vault_keys').select('data_key').where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    const key = Buffer.from(row.data_key);
    keys.set(userId, key);
    return key;
  }

  async function keyFor(userId: string): Promise<Buffer> {
    const existing = await findKey(userId);
    if (existing) return existing;
    await db
      .insertInto('vault_keys')
      .values({ user_id: userId, data_key: randomBytes(32) })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const created = await findKey(userId);
    if (!created) throw new Error(`Vault key for ${userId} could not be created`);
    return created;
  }

  return {
    async encrypt(userId, plaintext) {
      const key = await keyFor(userId);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return CIPHERTEXT_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    async decrypt(userId, ciphertext) {
      if (!isVaultCiphertext(ciphertext)) throw new Error('Not vault ciphertext');
      const key = await findKey(userId);
      return key ? decryptWith(key, ciphertext) : null;
    },
    async decryptEach(items) {
      const missing = [...new Set(items.map((item) => item.userId).filter((userId) => !keys.has(userId)))];
      if (missing.length > 0) {
        const rows = await db.selectFrom('vault_keys').select(['user_id', 'data_key']).where('user_id', 'in', missing).execute();
        for (const row of rows) keys.set(row.user_id, Buffer.from(row.data_key));
      }
      return items.map(({ userId, ciphertext }) => {
        const key = keys.get(userId);
        return key ? decryptWith(key, ciphertext) : null;
      });
    },
    async forget(userId) {
      keys.delete(userId);
      await db.deleteFrom('vault_keys').where('user_id', '=', userId).execute();
    },
    async isForgotten(userId) {
      return (await findKey(userId)) === null;
    },
    async blindIndex(value) {
      const key = await keyFor(BLIND_INDEX_KEY_ID);
      return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
    },
  };
}
