import { Worker } from 'node:worker_threads';
import { DIGEST_ALGORITHM, DIGEST_BYTES } from '../../domain/audit/chain.js';

/**
 * A verification's hashing, on a thread of its own: the digest of each event's canonical text and the
 * chain's hash after it, for pages sent in log order (the thread keeps the hash the last page ended
 * on). The thread that sent a page meanwhile parses the next one as the database prints it, so a
 * verification uses both cores. The script is inline so the bundled command needs no file beside it;
 * it computes exactly `eventDigest` and `chainHash` (src/domain/audit/chain.ts), which the contract
 * tests hold it to: links made by those functions must verify.
 */
const CHAIN_WORKER_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const { hash } = require('node:crypto');
const algorithm = ${JSON.stringify(DIGEST_ALGORITHM)};
const size = ${DIGEST_BYTES};
const link = Buffer.alloc(2 * size);
parentPort.on('message', ({ id, texts }) => {
  const digests = Buffer.alloc(texts.length * size);
  const hashes = Buffer.alloc(texts.length * size);
  for (let index = 0; index < texts.length; index += 1) {
    const digest = hash(algorithm, texts[index], 'buffer');
    digests.set(digest, index * size);
    link.set(digest, size);
    const chained = hash(algorithm, link, 'buffer');
    hashes.set(chained, index * size);
    link.set(chained, 0);
  }
  parentPort.postMessage({ id, digests, hashes }, [digests.buffer, hashes.buffer]);
});`;

export interface ChainedPage {
  /** Each event's digest, DIGEST_BYTES each, in the order sent. */
  digests: Buffer;
  /** The chain's hash after each event, following on from the page sent before (the first page from the genesis hash). */
  hashes: Buffer;
}

export interface Chainer {
  chain(texts: readonly string[]): Promise<ChainedPage>;
  close(): Promise<void>;
}

export function startChainWorker(): Chainer {
  const worker = new Worker(CHAIN_WORKER_SCRIPT, { eval: true });
  const waiting = new Map<number, { resolve: (page: ChainedPage) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  const failAll = (error: unknown) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  worker.on('message', ({ id, digests, hashes }: { id: number; digests: Uint8Array; hashes: Uint8Array }) => {
    waiting.get(id)?.resolve({ digests: asBuffer(digests), hashes: asBuffer(hashes) });
    waiting.delete(id);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The chain thread stopped (exit code ${code})`)));
  return {
    chain(texts) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
