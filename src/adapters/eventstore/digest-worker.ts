import { Worker } from 'node:worker_threads';
import { DIGEST_ALGORITHM, DIGEST_BYTES } from '../../domain/audit/chain.js';

/**
 * Digests of events' canonical texts, computed on a thread of their own: a verification then hashes
 * on two cores while this thread reads the log and follows the chain (the digest is half of the two
 * hashes an event costs). The script is inline so the bundled command needs no file beside it; it
 * computes exactly `eventDigest` (src/domain/audit/chain.ts), which the contract tests hold it to.
 */
const DIGEST_WORKER_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const { hash } = require('node:crypto');
parentPort.on('message', ({ id, texts }) => {
  const digests = Buffer.alloc(texts.length * ${DIGEST_BYTES});
  for (let index = 0; index < texts.length; index += 1) digests.set(hash(${JSON.stringify(DIGEST_ALGORITHM)}, texts[index], 'buffer'), index * ${DIGEST_BYTES});
  parentPort.postMessage({ id, digests }, [digests.buffer]);
});`;

export interface Digester {
  /** The digests of `texts`, DIGEST_BYTES each, in their order. */
  digests(texts: readonly string[]): Promise<Buffer>;
  close(): Promise<void>;
}

export function startDigestWorker(): Digester {
  const worker = new Worker(DIGEST_WORKER_SCRIPT, { eval: true });
  const waiting = new Map<number, { resolve: (digests: Buffer) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  const failAll = (error: unknown) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', ({ id, digests }: { id: number; digests: Uint8Array }) => {
    waiting.get(id)?.resolve(Buffer.from(digests.buffer, digests.byteOffset, digests.byteLength));
    waiting.delete(id);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The digest thread stopped (exit code ${code})`)));
  return {
    digests(texts) {
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
