import { hash } from 'node:crypto';

/**
 * The audit chain: every stored event is linked to the one before it in log order by
 *
 *   digest = SHA-256(canonical bytes of the event)
 *   hash   = SHA-256(previous hash ‖ digest)            (both 32 raw bytes; the first event's previous hash is GENESIS_HASH)
 *
 * The canonical bytes are the event's fields as stored, joined by a line feed, in this order:
 * stream id, revision, event id, type, when it was recorded (microseconds since 1970, an integer),
 * data and metadata (each as the database prints its jsonb), in UTF-8. The position is left out of
 * the digest and kept by the chain's order, so an event moved to another place is recognised by its
 * digest. Personal data is in events only as ciphertext, so the chain covers the ciphertext and
 * erasing a member (destroying their key) changes no byte it covers.
 */
export const CANONICAL_FIELD_SEPARATOR = '\n';

/** The chain's hash; the Postgres store digests events with the database's own `sha256` (src/adapters/eventstore/chain.ts). */
export const DIGEST_ALGORITHM = 'sha256';
/** Bytes of a digest and of a hash. */
export const DIGEST_BYTES = 32;

/** The previous hash of the first event of the log. */
export const GENESIS_HASH = Buffer.alloc(DIGEST_BYTES);

/** previous hash ‖ digest, written in place: no buffer allocated per link (the hash reads it before returning). */
const chainInput = Buffer.alloc(2 * DIGEST_BYTES);

export function chainHash(previousHash: Uint8Array, digest: Uint8Array): Buffer {
  chainInput.set(previousHash, 0);
  chainInput.set(digest, DIGEST_BYTES);
  return hash(DIGEST_ALGORITHM, chainInput, 'buffer');
}

/** A place in the chain as it is published: the position of an event and the chain's hash there. */
export interface ChainHead {
  position: string;
  hash: string;
}

/** `<position>:<hex hash>`, as `audit verify --head` takes a written-down head. */
export function parseChainHead(text: string): ChainHead | null {
  const match = /^(\d{1,19}):([0-9a-f]{64})$/iu.exec(text.trim());
  return match ? { position: match[1]!, hash: match[2]!.toLowerCase() } : null;
}

/** What a verification found first, if anything; positions are the log's. */
export type ChainBreak =
  | { kind: 'altered'; position: string }
  | { kind: 'removed'; position: string }
  | { kind: 'inserted'; position: string }
  | { kind: 'reordered'; position: string; chainedAt: string }
  | { kind: 'head-mismatch'; position: string; expected: string; found: string }
  | { kind: 'head-missing'; position: string };

export function describeChainBreak(found: ChainBreak): string {
  switch (found.kind) {
    case 'altered':
      return `The event at position ${found.position} was altered: its bytes no longer give the digest the chain holds.`;
    case 'removed':
      return `The event at position ${found.position} was removed: the chain holds it, the log does not.`;
    case 'inserted':
      return `An event was inserted at position ${found.position}: the log holds it, the chain does not.`;
    case 'reordered':
      return `The log was reordered: the event now at position ${found.position} was chained at position ${found.chainedAt}.`;
    case 'head-mismatch':
      return `The log up to position ${found.position} changed since that head was written down: its hash was ${found.expected}, it is now ${found.found}.`;
    case 'head-missing':
      return `The log holds no event at position ${found.position}, the head that was written down.`;
  }
}

/**
 * One entry of a post's trail as it is downloaded: enough to check, without the server, that each
 * entry's hash follows from the hash before it and the event's digest.
 */
export interface TrailLink {
  position: string;
  previousHash: string;
  digest: string;
  hash: string;
}

/** The first entry whose hash does not follow from its previous hash and digest, or whose position does not increase. */
export function firstBrokenTrailLink(links: readonly TrailLink[]): { index: number; reason: string } | null {
  let lastPosition = -1n;
  for (const [index, link] of links.entries()) {
    if (!/^\d{1,19}$/u.test(link.position) || ![link.previousHash, link.digest, link.hash].every((hex) => /^[0-9a-f]{64}$/u.test(hex))) {
      return { index, reason: 'it is not a trail entry (a position and three 64-digit hex hashes)' };
    }
    const position = BigInt(link.position);
    if (position <= lastPosition) return { index, reason: `its position ${link.position} does not follow the entry before it` };
    lastPosition = position;
    const expected = chainHash(Buffer.from(link.previousHash, 'hex'), Buffer.from(link.digest, 'hex')).toString('hex');
    if (expected !== link.hash) return { index, reason: `its hash is not SHA-256(previous hash ‖ digest) (that is ${expected})` };
  }
  return null;
}
