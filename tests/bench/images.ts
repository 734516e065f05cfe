/**
 * `npx tsx tests/bench/images.ts`: how long a large noisy JPEG takes to re-encode, and how long a
 * password check (argon2, what sign-in does) takes while six such uploads run at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, passwordMatches } from '../../src/adapters/security/passwords.js';
import { createLocalImageStore } from '../../src/adapters/storage/images.js';
import { noisyJpeg } from '../fixtures/noisy-image.js';

const WIDTH = 4000;
const HEIGHT = 3000;
const PARALLEL_UPLOADS = 6;
const PASSWORD = 'Bench#password1';

async function seconds<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [(performance.now() - started) / 1000, result];
}

const directory = await mkdtemp(join(tmpdir(), 'tessera-bench-images-'));
try {
  const images = createLocalImageStore(directory);
  const upload = await noisyJpeg(WIDTH, HEIGHT);
  console.log(`noisy JPEG ${WIDTH}×${HEIGHT}: ${(upload.length / 1024 / 1024).toFixed(1)} MiB`);

  const [single] = await seconds(() => images.store(upload, 'noise.jpg'));
  console.log(`one upload re-encoded in ${single.toFixed(1)} s`);

  const hash = await hashPassword(PASSWORD);
  const idle: number[] = [];
  for (let i = 0; i < 5; i += 1) idle.push((await seconds(() => passwordMatches(hash, PASSWORD)))[0]);
  console.log(`password check, idle: median ${(median(idle) * 1000).toFixed(0)} ms`);

  let uploadsDone = false;
  const uploads = seconds(() =>
    Promise.all(Array.from({ length: PARALLEL_UPLOADS }, (_, index) => images.store(upload, `noise-${index}.jpg`))),
  ).finally(() => {
    uploadsDone = true;
  });
  const busy: number[] = [];
  while (!uploadsDone) busy.push((await seconds(() => passwordMatches(hash, PASSWORD)))[0]);
  const [parallel] = await uploads;
  console.log(`${PARALLEL_UPLOADS} uploads at once: all done in ${parallel.toFixed(1)} s`);
  console.log(
    `password check during them: median ${(median(busy) * 1000).toFixed(0)} ms, worst ${(Math.max(...busy) * 1000).toFixed(0)} ms (${busy.length} checks)`,
  );
} finally {
  await rm(directory, { recursive: true, force: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
