import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEventChain, verifyEventChain } from '../../src/adapters/eventstore/chain.js';
import { describeChainBreak } from '../../src/domain/audit/chain.js';
import { databaseTargets, eventStoreOn } from '../fixtures/databases.js';
import { anEvent, uniqueStream } from '../fixtures/events.js';

/** Tampering with the stored log, as someone with the database's password would, is found and named. */
describe.each(databaseTargets())('audit chain: $name', (target) => {
  const suite = eventStoreOn(target);
  let positions: string[];

  beforeEach(async () => {
    const { database, store } = suite;
    await sql`truncate events, event_chain`.execute(database.db);
    for (let index = 0; index < 6; index += 1) {
      // A position drawn and never used, as a rolled-back append leaves: the chain follows log order, not numbers.
      if (index === 3) await sql`select nextval(pg_get_serial_sequence('events', 'position'))`.execute(database.db);
      await store.appendToStream(uniqueStream('chain'), [anEvent('Chained', { index, note: `event ${index}` })], {
        expectedRevision: 'no_stream',
      });
    }
    const { rows } = await sql<{ position: string }>`select e.position::text as position from events e order by e.position`.execute(
      database.db,
    );
    positions = rows.map((row) => row.position);
    expect(await createEventChain(database).extend()).toBe(6);
  });

  it('verifies an untouched log, and extends the chain by what was appended since', async () => {
    const { database, store } = suite;
    const chain = createEventChain(database);
    const before = await verifyEventChain(database);
    expect(before).toMatchObject({ checked: 6, unlinked: 0, found: null });
    expect(before.head).toEqual(await chain.head());

    await store.appendToStream(uniqueStream('chain'), [anEvent('Later')], { expectedRevision: 'no_stream' });
    expect(await verifyEventChain(database)).toMatchObject({ checked: 6, unlinked: 1, found: null });
    expect(await chain.extend()).toBe(1);
    expect(await chain.extend()).toBe(0);
    const after = await verifyEventChain(database, { writtenHead: before.head! });
    expect(after).toMatchObject({ checked: 7, unlinked: 0, found: null });
  });

  it('names the first altered event', async () => {
    const { database } = suite;
    await sql`update events set data = jsonb_set(data, '{note}', '"changed"') where position = ${positions[2]}::bigint`.execute(
      database.db,
    );
    await sql`update events set data = jsonb_set(data, '{note}', '"changed"') where position = ${positions[4]}::bigint`.execute(
      database.db,
    );
    const { found } = await verifyEventChain(database);
    expect(found).toEqual({ kind: 'altered', position: positions[2] });
    expect(describeChainBreak(found!)).toContain(`position ${positions[2]} was altered`);
  });

  it('names a removed event', async () => {
    const { database } = suite;
    await sql`delete from events where position = ${positions[1]}::bigint`.execute(database.db);
    expect((await verifyEventChain(database)).found).toEqual({ kind: 'removed', position: positions[1] });
  });

  it('names the last event removed', async () => {
    const { database } = suite;
    await sql`delete from events where position = ${positions[5]}::bigint`.execute(database.db);
    expect((await verifyEventChain(database)).found).toEqual({ kind: 'removed', position: positions[5] });
  });

  it('verifies a log of several pages, and names an event removed from the middle of one', async () => {
    const { database, store } = suite;
    // 12 000 events: three of a verification's pages of 5 000, read one ahead of the other.
    const many = Array.from({ length: 12_000 }, (_, index) => anEvent('Chained', { index }));
    await store.appendToStream(uniqueStream('chain-pages'), many, { expectedRevision: 'no_stream' });
    expect(await createEventChain(database).extend()).toBe(12_000);
    expect(await verifyEventChain(database)).toMatchObject({ checked: 12_006, found: null });

    const { rows } = await sql<{ position: string }>`
      select e.position::text as position from events e order by e.position offset 7000 limit 1`.execute(database.db);
    const removed = rows[0]!.position;
    await sql`delete from events where position = ${removed}::bigint`.execute(database.db);
    expect((await verifyEventChain(database)).found).toEqual({ kind: 'removed', position: removed });
  });

  it('names an event inserted into a gap of the log', async () => {
    const { database } = suite;
    const gap = BigInt(positions[2]!) + 1n;
    expect(BigInt(positions[3]!)).toBe(gap + 1n);
    await sql`insert into events (position, stream_id, revision, event_id, type, data, metadata)
      values (${gap.toString()}::bigint, 'forged', 0, gen_random_uuid(), 'Forged', '{}', '{}')`.execute(database.db);
    expect((await verifyEventChain(database)).found).toEqual({ kind: 'inserted', position: gap.toString() });
  });

  it('names an event inserted before the first, even at a negative position', async () => {
    const { database } = suite;
    await sql`insert into events (position, stream_id, revision, event_id, type, data, metadata)
      values (-5, 'forged', 0, gen_random_uuid(), 'Forged', '{}', '{}')`.execute(database.db);
    expect((await verifyEventChain(database)).found).toEqual({ kind: 'inserted', position: '-5' });
  });

  it('names two events that swapped places', async () => {
    const { database } = suite;
    const [first, second] = [positions[1]!, positions[4]!];
    await sql`update events set position = -1 where position = ${first}::bigint`.execute(database.db);
    await sql`update events set position = ${first}::bigint where position = ${second}::bigint`.execute(database.db);
    await sql`update events set position = ${second}::bigint where position = -1`.execute(database.db);
    expect((await verifyEventChain(database)).found).toEqual({ kind: 'reordered', position: first, chainedAt: second });
  });

  it('finds a log rewritten with its chain only against a head written down before', async () => {
    const { database } = suite;
    const writtenHead = (await createEventChain(database).head())!;
    await sql`update events set data = jsonb_set(data, '{note}', '"rewritten"') where position = ${positions[0]}::bigint`.execute(
      database.db,
    );
    await sql`truncate event_chain`.execute(database.db);
    await createEventChain(database).extend();

    expect((await verifyEventChain(database)).found).toBeNull();
    const { found } = await verifyEventChain(database, { writtenHead });
    expect(found).toMatchObject({ kind: 'head-mismatch', position: writtenHead.position, expected: writtenHead.hash });
    expect((await verifyEventChain(database, { writtenHead: { position: '999999', hash: writtenHead.hash } })).found).toEqual({
      kind: 'head-missing',
      position: '999999',
    });
  });

  it('links each event by the documented canonical bytes, whatever characters its data holds', async () => {
    const { database, store } = suite;
    await store.appendToStream(uniqueStream('chain'), [anEvent('Chained', { note: 'Ünïcødé ✓ "quoted"\nnew line', emoji: '🧾' })], {
      expectedRevision: 'no_stream',
    });
    await createEventChain(database).extend();
    const { rows } = await sql<{ position: string; fields: string[]; digest: Uint8Array; hash: Uint8Array }>`
      select e.position::text as position, c.digest, c.hash,
        array[e.stream_id, e.revision::text, e.event_id::text, e.type, (extract(epoch from e.recorded_at) * 1000000)::bigint::text,
          e.data::text, e.metadata::text] as fields
      from events e join event_chain c on c.position = e.position order by e.position`.execute(database.db);
    // docs/security.md's algorithm, computed here from the fields one by one.
    let previous = Buffer.alloc(32);
    for (const row of rows) {
      const digest = createHash('sha256')
        .update(Buffer.from(row.fields.join('\n'), 'utf8'))
        .digest();
      expect(Buffer.from(row.digest).toString('hex'), `digest at ${row.position}`).toBe(digest.toString('hex'));
      previous = createHash('sha256').update(previous).update(digest).digest();
      expect(Buffer.from(row.hash).toString('hex'), `hash at ${row.position}`).toBe(previous.toString('hex'));
    }
    expect(rows).toHaveLength(7);
    expect((await verifyEventChain(database)).found).toBeNull();
  });

  it('gives the links of chosen positions with the hash before each', async () => {
    const { database } = suite;
    const chain = createEventChain(database);
    const links = await chain.linksAt([positions[0]!, positions[3]!, '424242']);
    expect(links.map((link) => link.position)).toEqual([positions[0], positions[3]]);
    expect(links[0]!.previousHash).toBe('0'.repeat(64));
    const all = await chain.linksAt(positions);
    expect(links[1]!.previousHash).toBe(all[2]!.hash);
    expect(all[5]!.hash).toBe((await chain.head())!.hash);
  });
});
