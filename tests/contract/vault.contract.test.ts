import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/database.js';
import { createPostgresVault, isVaultCiphertext, type PersonalDataVault } from '../../src/adapters/vault/vault.js';
import { databaseTargets } from '../fixtures/databases.js';

describe.each(databaseTargets())('personal data vault: $name', (target) => {
  let database: Database;
  let vault: PersonalDataVault;
  beforeAll(async () => {
    database = await target.open();
    vault = createPostgresVault(database.db);
  });
  afterAll(() => database.close());

  it('encrypts so the clear text appears nowhere, and decrypts with the user key', async () => {
    const ciphertext = await vault.encrypt('user-1', 'ada@example.com');
    expect(isVaultCiphertext(ciphertext)).toBe(true);
    expect(ciphertext).not.toContain('ada');
    expect(await vault.encrypt('user-1', 'ada@example.com')).not.toBe(ciphertext); // fresh IV each time
    expect(await vault.decrypt('user-1', ciphertext)).toBe('ada@example.com');
  });

  it('keeps users apart: one user key cannot read another user data', async () => {
    const ciphertext = await vault.encrypt('user-2', 'Grace Hopper');
    await vault.encrypt('user-3', 'x');
    await expect(vault.decrypt('user-3', ciphertext)).rejects.toThrow();
  });

  it('crypto-shreds: after forget, old ciphertext reads as erased, also from a fresh vault instance', async () => {
    const ciphertext = await vault.encrypt('user-4', 'Linus');
    await vault.forget('user-4');
    expect(await vault.decrypt('user-4', ciphertext)).toBeNull();
    expect(await createPostgresVault(database.db).decrypt('user-4', ciphertext)).toBeNull();
    expect(await vault.isForgotten('user-4')).toBe(true);
  });

  it('decrypts many at once from a fresh vault instance (one read of their keys), null where a key was destroyed', async () => {
    const items = [
      { userId: 'user-5', ciphertext: await vault.encrypt('user-5', 'hedy') },
      { userId: 'user-6', ciphertext: await vault.encrypt('user-6', 'katherine') },
      { userId: 'user-5', ciphertext: await vault.encrypt('user-5', 'hedy.l') },
    ];
    await vault.forget('user-6');
    expect(await createPostgresVault(database.db).decryptEach(items)).toEqual(['hedy', null, 'hedy.l']);
    expect(await vault.decryptEach([])).toEqual([]);
  });
});
