import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  CANONICAL_FIELD_SEPARATOR,
  DIGEST_BYTES,
  GENESIS_HASH,
  chainHash,
  type ChainBreak,
  type ChainHead,
  type TrailLink,
} from '../../domain/audit/chain.js';
import type { Database } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { EventStore } from './port.js';

/**
 * The audit chain of the Postgres event store (src/domain/audit/chain.ts says what a link is). It is
 * kept beside the log, not written by the append: a follower links the events appended since its last
 * link, so an append costs nothing more, and the head lags the log by one extension. The chain is
 * deterministic, so two processes extending it at once write the same links; a lock spares the work.
 */
export interface EventChain {
  /** Links every event appended since the last link; answers how many it linked. */
  extend(): Promise<number>;
  /** The last link, or null when the log is empty. */
  head(): Promise<ChainHead | null>;
  /** The links at these positions (those the chain holds), in position order. */
  linksAt(positions: readonly string[]): Promise<TrailLink[]>;
}

/** Where a walk of the log starts: before every position. */
const BEFORE_FIRST_POSITION = '-1';
const CHAIN_LOCK_NAME = 'tessera:audit-chain';
/** Events linked per transaction, and links per range of a verification. */
const CHAIN_BATCH = 5_000;
/** Ranges a verification has the database read and digest at once: one per core of the database on 2 cores. */
const PAGES_IN_FLIGHT = 2;

/** A page of the log as the chain covers it: its positions in order, and each event's digest end to end (DIGEST_BYTES each). */
interface DigestPage {
  positions: string[];
  digests: Buffer;
}

interface LinkRow {
  position: string;
  digest: Buffer;
  hash: Buffer;
}

export function createEventChain(database: Database): EventChain {
  const { db } = database;
  return {
    async extend() {
      let linked = 0;
      for (;;) {
        const count = await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${CHAIN_LOCK_NAME}))`.execute(trx);
          const last = await lastLink(trx);
          const { positions, digests } = await digestPage(
            trx,
            sql`select * from events where position > ${last?.position ?? BEFORE_FIRST_POSITION}::bigint order by position limit ${CHAIN_BATCH}`,
          );
          if (positions.length === 0) return 0;
          let previous: Buffer = last?.hash ?? GENESIS_HASH;
          const links = positions.map((position, index) => {
            const digest = digestAt(digests, index);
            previous = chainHash(previous, digest);
            return { position, digest, hash: previous };
          });
          await sql`insert into event_chain (position, digest, hash)
            select * from unnest(${positions}::bigint[], ${links.map((l) => l.digest)}::bytea[], ${links.map((l) => l.hash)}::bytea[])
            on conflict (position) do nothing`.execute(trx);
          return positions.length;
        });
        linked += count;
        if (count < CHAIN_BATCH) return linked;
      }
    },
    async head() {
      const last = await lastLink(db);
      return last ? { position: last.position, hash: last.hash.toString('hex') } : null;
    },
    async linksAt(positions) {
      if (positions.length === 0) return [];
      const { rows } = await sql<LinkRow & { previous_hash: Buffer | null }>`
        select c.position::text as position, c.digest, c.hash,
          (select p.hash from event_chain p where p.position < c.position order by p.position desc limit 1) as previous_hash
        from event_chain c where c.position = any(${positions}::bigint[]) order by c.position`.execute(db);
      return rows.map((row) => ({
        position: row.position,
        previousHash: Buffer.from(row.previous_hash ?? GENESIS_HASH).toString('hex'),
        digest: Buffer.from(row.digest).toString('hex'),
        hash: Buffer.from(row.hash).toString('hex'),
      }));
    },
  };
}

export interface ChainVerification {
  /** Events whose links were checked. */
  checked: number;
  /** Events appended after the chain's last link (not yet linked, so not checked). */
  unlinked: number;
  /** The recomputed hash at the chain's last link. */
  head: ChainHead | null;
  found: ChainBreak | null;
}

export interface VerifyOptions {
  /** A head written down earlier: the recomputed hash at its position must equal it. */
  writtenHead?: ChainHead;
  onProgress?: (checked: number) => void;
}

/**
 * Recomputes the chain from the log's bytes in one pass, in position order, against the links
 * stored; stops at the first break. The log is cut into ranges of positions of CHAIN_BATCH links
 * each; the database reads and digests PAGES_IN_FLIGHT of them at once, on a connection (and a core)
 * each, while this thread follows the chain through the range before.
 */
export async function verifyEventChain(database: Database, options: VerifyOptions = {}): Promise<ChainVerification> {
  const { db } = database;
  const { ranges, chainEnd } = await verificationRanges(db);
  let previous: Buffer = GENESIS_HASH;
  let checked = 0;
  let cursor = '';
  const written = options.writtenHead;
  let headReached = written === undefined;
  const finish = (found: ChainBreak | null): ChainVerification => ({
    checked,
    unlinked: 0,
    head: checked === 0 ? null : { position: cursor, hash: previous.toString('hex') },
    found,
  });

  const reads = new Map<number, Promise<VerifyPage>>();
  const readAhead = (index: number) => {
    const range = ranges[index];
    if (range === undefined) return;
    const read = readVerifyPage(db, range);
    // A break found ends the pass with the reads ahead unobserved.
    read.catch(() => {});
    reads.set(index, read);
  };
  for (let index = 0; index < PAGES_IN_FLIGHT; index += 1) readAhead(index);
  for (const [rangeIndex, range] of ranges.entries()) {
    const { events, links } = await reads.get(rangeIndex)!;
    reads.delete(rangeIndex);
    readAhead(rangeIndex + PAGES_IN_FLIGHT);
    let linkIndex = 0;
    for (const [index, position] of events.positions.entries()) {
      const linkPosition = links.positions[linkIndex];
      // Links and events pair up by position; one without the other is an event inserted or removed.
      if (linkPosition === undefined || (linkPosition !== position && BigInt(linkPosition) > BigInt(position)))
        return finish({ kind: 'inserted', position });
      if (linkPosition !== position) return finish({ kind: 'removed', position: linkPosition });
      const digest = digestAt(events.digests, index);
      const hash = chainHash(previous, digest);
      if (!hash.equals(digestAt(links.hashes, linkIndex))) return finish(await brokenLink(db, position, digest));
      linkIndex += 1;
      previous = hash;
      cursor = position;
      checked += 1;
      if (position === written?.position) {
        headReached = true;
        const found = hash.toString('hex');
        if (found !== written.hash) return finish({ kind: 'head-mismatch', position: written.position, expected: written.hash, found });
      }
    }
    const leftover = links.positions[linkIndex];
    if (leftover !== undefined) return finish({ kind: 'removed', position: leftover });
    if (written !== undefined && !headReached && BigInt(range.through) >= BigInt(written.position)) {
      return finish({ kind: 'head-missing', position: written.position });
    }
    options.onProgress?.(checked);
  }
  if (!headReached) return finish({ kind: 'head-missing', position: written!.position });
  const { rows } = await sql<{ count: string }>`
    select count(*)::text as count from events where ${chainEnd === null ? sql`true` : sql`position > ${chainEnd}::bigint`}`.execute(db);
  return { ...finish(null), unlinked: Number(rows[0]!.count) };
}

/** A range of positions, after one through another. */
interface PositionRange {
  after: string;
  through: string;
}

/**
 * Ranges covering the log from before its first event or link through the chain's last link, each
 * holding CHAIN_BATCH links (the last one fewer); ranges rather than "the next 5 000 after", so
 * several can be read at once. Their bounds come from one walk of the chain's key.
 */
async function verificationRanges(db: Kysely<Schema>): Promise<{ ranges: PositionRange[]; chainEnd: string | null }> {
  const { rows } = await sql<{ before_first: string | null; chain_end: string | null }>`
    select (least((select min(position) from events), (select min(position) from event_chain)) - 1)::text as before_first,
      (select max(position) from event_chain)::text as chain_end`.execute(db);
  const { before_first: beforeFirst, chain_end: chainEnd } = rows[0]!;
  if (chainEnd === null || beforeFirst === null) return { ranges: [], chainEnd };
  const { rows: bounds } = await sql<{ position: string }>`
    select c.position::text as position
    from (select position, row_number() over (order by position) as n from event_chain) c
    where c.n % ${CHAIN_BATCH} = 0 and c.position < ${chainEnd}::bigint order by c.position`.execute(db);
  const ends = [...bounds.map((bound) => bound.position), chainEnd];
  return { ranges: ends.map((through, index) => ({ after: index === 0 ? beforeFirst : ends[index - 1]!, through })), chainEnd };
}

/** A page of links: their positions, and their hashes end to end (DIGEST_BYTES each) in the same order. */
interface PageLinks {
  positions: string[];
  hashes: Buffer;
}

interface VerifyPage {
  events: DigestPage;
  links: PageLinks;
}

/** The events of a range, digested, and its links. */
async function readVerifyPage(db: Kysely<Schema>, range: PositionRange): Promise<VerifyPage> {
  const [events, links] = await Promise.all([
    digestPage(db, sql`select * from events where position > ${range.after}::bigint and position <= ${range.through}::bigint`),
    linkHashesIn(db, range),
  ]);
  return { events, links };
}

/** A page of links as one row, as `digestsAfter` reads the events: not 5 000 row objects, strings and decoded byteas. */
async function linkHashesIn(db: Kysely<Schema>, range: PositionRange): Promise<PageLinks> {
  const { rows } = await sql<{ positions: string | null; hashes: Uint8Array | null }>`
    select string_agg(c.position::text, ',' order by c.position) as positions, string_agg(c.hash, ''::bytea order by c.position) as hashes
    from event_chain c where c.position > ${range.after}::bigint and c.position <= ${range.through}::bigint`.execute(db);
  const { positions, hashes } = rows[0]!;
  return { positions: positions === null ? [] : positions.split(','), hashes: hashes === null ? Buffer.alloc(0) : asBuffer(hashes) };
}

/**
 * A link whose hash does not follow: the event's bytes changed (moved, if their digest is linked
 * elsewhere), or, with the digest the link holds, the link itself was rewritten.
 */
async function brokenLink(db: Kysely<Schema>, position: string, digest: Buffer): Promise<ChainBreak> {
  const { rows } = await sql<{ position: string }>`
    select position::text as position from event_chain where digest = ${digest} order by position <> ${position}::bigint desc limit 1`.execute(
    db,
  );
  const linkedAt = rows[0]?.position;
  return linkedAt !== undefined && linkedAt !== position
    ? { kind: 'reordered', position, chainedAt: linkedAt }
    : { kind: 'altered', position };
}

async function lastLink(db: Kysely<Schema>): Promise<LinkRow | null> {
  const { rows } = await sql<LinkRow>`
    select c.position::text as position, c.digest, c.hash from event_chain c order by c.position desc limit 1`.execute(db);
  return rows[0] ? { ...rows[0], digest: asBuffer(rows[0].digest), hash: asBuffer(rows[0].hash) } : null;
}

/**
 * The digests of `events` (a select of whole rows of the log), computed by the database from the bytes
 * it reads: each event's canonical text (src/domain/audit/chain.ts) joined from its fields as the
 * database prints them, its SHA-256, and the page's positions and digests as one row. Node used to
 * receive the texts (about 600 bytes an event) and hash them itself; parsing them was what a
 * verification waited on. Trusting the database's SHA-256 is trusting what already prints the bytes;
 * the functions are named through pg_catalog, so a function of the same name in another schema cannot
 * stand in for them.
 */
async function digestPage(db: Kysely<Schema>, events: RawBuilder<unknown>): Promise<DigestPage> {
  const { rows } = await sql<{ positions: string | null; digests: Uint8Array | null }>`
    select string_agg(e.position::text, ',' order by e.position) as positions,
      string_agg(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.concat_ws(${CANONICAL_FIELD_SEPARATOR}::text,
        e.stream_id, e.revision::text, e.event_id::text, e.type, (extract(epoch from e.recorded_at) * 1000000)::bigint::text,
        e.data::text, e.metadata::text), 'UTF8')), ''::bytea order by e.position) as digests
    from (${events}) e`.execute(db);
  const { positions, digests } = rows[0]!;
  return { positions: positions === null ? [] : positions.split(','), digests: digests === null ? Buffer.alloc(0) : asBuffer(digests) };
}

/** The index-th digest (or hash) of bytes holding them end to end: a view, not a copy. */
function digestAt(bytes: Buffer, index: number): Buffer {
  return bytes.subarray(index * DIGEST_BYTES, (index + 1) * DIGEST_BYTES);
}

/** PGlite answers bytea as a Uint8Array, pg as a Buffer; a view, not a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Links what the log gains while the server runs: an extension after each append, never two at once. */
export function followEventChain(
  chain: EventChain,
  store: Pick<EventStore, 'subscribeToAll' | 'headPosition'>,
  log: (line: string) => void = () => {},
): { stop(): Promise<void> } {
  let wanted = true;
  let running: Promise<void> | null = null;
  const extendWhileWanted = async () => {
    while (wanted) {
      wanted = false;
      // A failed extension (a lost connection) is retried by the next append; nothing is linked out of order.
      await chain.extend().catch((error: unknown) => log(`The audit chain could not be extended: ${String(error)}`));
    }
    running = null;
  };
  const nudge = () => {
    wanted = true;
    running ??= extendWhileWanted();
  };
  nudge();
  let subscription: { unsubscribe(): void } | null = null;
  let stopped = false;
  void store.headPosition().then((head) => {
    if (stopped) return;
    subscription = store.subscribeToAll({ after: head }).subscribe({ next: nudge, error: (error: unknown) => log(String(error)) });
    nudge();
  });
  return {
    async stop() {
      stopped = true;
      subscription?.unsubscribe();
      wanted = false;
      await running;
    },
  };
}
