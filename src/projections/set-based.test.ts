import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/database.js';
import { databaseTargets } from '../../tests/fixtures/databases.js';
import { prepareDeleteRows, writeRows } from './set-based.js';

/** Rows go to the server as arrays of values read back by position: every column type a read model uses must come back as it was written. */
describe.each(databaseTargets())('set-based writes: $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    await sql`
      create table set_based_rows (
        id text primary key, label text, amount integer, last_position bigint not null, at timestamptz,
        shown boolean, details jsonb, tags text[], counts integer[])`.execute(database.db);
  });
  afterAll(() => database.close());

  const stored = async () =>
    (
      await sql<
        Record<string, unknown>
      >`select id, label, amount, last_position::text as last_position, at, shown, details, tags, counts from set_based_rows order by id`.execute(
        database.db,
      )
    ).rows;

  it('writes every column type back as it was given, JSON null as NULL, and updates only newer rows', async () => {
    const at = new Date('2026-12-02T07:00:00.123Z');
    await writeRows(
      database.db,
      'set_based_rows',
      [
        {
          id: 'b',
          label: 'It\'s "quoted", {braced} \\ and ünïcode',
          amount: 3,
          last_position: 9_007_199_254_740_993n,
          at,
          shown: true,
          details: { nested: [1, 'two'] },
          tags: ['a b', 'c,"d"'],
          counts: [1, 2],
        },
        { id: 'a', label: null, amount: null, last_position: 1n, at: null, shown: false, details: null, tags: null, counts: [] },
      ],
      { conflict: ['id'] },
    );
    expect(await stored()).toEqual([
      { id: 'a', label: null, amount: null, last_position: '1', at: null, shown: false, details: null, tags: null, counts: [] },
      {
        id: 'b',
        label: 'It\'s "quoted", {braced} \\ and ünïcode',
        amount: 3,
        last_position: '9007199254740993',
        at,
        shown: true,
        details: { nested: [1, 'two'] },
        tags: ['a b', 'c,"d"'],
        counts: [1, 2],
      },
    ]);

    const changed = await writeRows<{ id: string }>(
      database.db,
      'set_based_rows',
      [
        { id: 'a', label: 'newer', last_position: 2n },
        { id: 'b', label: 'older', last_position: 5n },
      ],
      { conflict: ['id'], update: ['label', 'last_position'], onlyNewer: true, returning: ['id'] },
    );
    expect(changed).toEqual([{ id: 'a' }]);
    expect((await stored()).map((row) => row.label)).toEqual(['newer', 'It\'s "quoted", {braced} \\ and ünïcode']);
  });

  it('deletes the rows of the keys given', async () => {
    await prepareDeleteRows(
      'set_based_rows',
      ['id', 'shown'],
      [
        ['a', false],
        ['b', false],
      ],
    )(database.db);
    expect((await stored()).map((row) => row.id)).toEqual(['b']);
  });

  it('names a table or column that is not there', async () => {
    await expect(writeRows(database.db, 'set_based_missing', [{ id: 'x' }], { conflict: ['id'] })).rejects.toThrow(
      'Table set_based_missing does not exist',
    );
    await expect(writeRows(database.db, 'set_based_rows', [{ id: 'x', colour: 'red' }], { conflict: ['id'] })).rejects.toThrow(
      'Table set_based_rows has no column colour',
    );
  });
});
