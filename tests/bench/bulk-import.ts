/**
 * `npx tsx tests/bench/bulk-import.ts`: the admin portal's CSV import on a fresh embedded database,
 * BULK_BENCH_ROWS rows (default 100) sent as the portal sends them (batches of
 * rowsPerImportRequest), without pictures and with a 1200×800 photo-like JPEG per row served on
 * BULK_BENCH_PORT (default 4751); BULK_BENCH_CASES (default plain,pictures) picks the imports.
 * Prints the seconds each import took, request by request, and the CPU time the process spent on
 * it (all threads: steadier than the wall time on a busy machine).
 */
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createRemoteImageFetcher } from '../../src/adapters/storage/remote-images.js';
import { buildApp } from '../../src/api/app.js';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { BULK_IMPORT_LIMITS, type BulkImportPayload, type BulkRowReport } from '../../src/domain/templates/bulk-import.js';
import { noisyJpeg } from '../fixtures/noisy-image.js';

const ROWS = Number(process.env.BULK_BENCH_ROWS ?? 100);
const PORT = Number(process.env.BULK_BENCH_PORT ?? 4751);
const CASES = (process.env.BULK_BENCH_CASES ?? 'plain,pictures').split(',');

// Noise blurred into soft shapes: compresses about as a photo does, unlike raw noise.
const picture = await sharp(
  await sharp(await noisyJpeg(120, 80))
    .resize(1200, 800)
    .blur(3)
    .toBuffer(),
)
  .jpeg({ quality: 90 })
  .toBuffer();
const pictures = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture));
await new Promise<void>((resolve) => pictures.listen(PORT, '127.0.0.1', resolve));

const payloads = (run: string, withPictures: boolean): BulkImportPayload[] =>
  Array.from({ length: ROWS }, (_, index) => ({
    row: index + 2,
    type: 'productivity',
    title: `Bench ${run} Board ${index}`,
    platform: 'notion',
    description: 'A board imported by the benchmark.',
    url: `https://example.com/bench-${run}-${index}`,
    instructions: 'Duplicate it.',
    tags: ['Planning', 'Bench'],
    images: withPictures ? [`http://127.0.0.1:${PORT}/picture-${run}-${index}.jpg`] : [],
    price: '0',
  }));

try {
  for (const withPictures of CASES.map((name) => name === 'pictures')) {
    const dataDir = await mkdtemp(join(tmpdir(), 'tessera-bench-import-'));
    // As the server runs: every projection, search and reactor following the log.
    const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await infrastructure.startFollowers();
    const app = await buildApp({
      ...infrastructure,
      remoteImages: createRemoteImageFetcher(infrastructure.images, { allowPrivateAddresses: true }),
    });
    try {
      const { userId } = await infrastructure.accounts.register({
        username: 'bench_admin',
        email: 'bench_admin@bench.example',
        password: null,
        lvl: 'admin',
        verification: 'verified',
      });
      const admin = await infrastructure.accounts.startSession(userId, 'password', null, { userId, role: 'admin' });
      await infrastructure.runner.waitFor(admin.position!, 30_000);
      const rows = payloads(withPictures ? 'pictures' : 'plain', withPictures);
      const requests: number[] = [];
      const started = performance.now();
      const cpuAtStart = process.cpuUsage();
      for (let start = 0; start < rows.length; start += BULK_IMPORT_LIMITS.rowsPerImportRequest) {
        const requestStarted = performance.now();
        const answer = await app.inject({
          method: 'POST',
          url: '/api/admin/csv/upload',
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { data: rows.slice(start, start + BULK_IMPORT_LIMITS.rowsPerImportRequest) },
        });
        const reports = answer.json<{ reports: BulkRowReport[] }>().reports;
        if (answer.statusCode !== 200 || reports.some((report) => report.status !== 'imported'))
          throw new Error(`Import refused: ${answer.body.slice(0, 500)}`);
        requests.push((performance.now() - requestStarted) / 1000);
      }
      const total = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuAtStart);
      console.log(
        `${ROWS} rows ${withPictures ? 'with 1200×800 pictures' : 'without pictures'}: ${total.toFixed(2)} s (${((total / ROWS) * 1000).toFixed(0)} ms a row; ` +
          `requests ${requests.map((seconds) => seconds.toFixed(2)).join(' ')} s; CPU of this process ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)`,
      );
    } finally {
      await app.close();
      await infrastructure.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await new Promise((resolve) => pictures.close(resolve));
}
