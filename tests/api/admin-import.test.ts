import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessDatabases, startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import type { EventStore } from '../../src/adapters/eventstore/port.js';
import { createRemoteImageFetcher } from '../../src/adapters/storage/remote-images.js';
import { importBulkRows } from '../../src/commands/templates/bulk-import.js';
import { createCommandBus, eventIdFor } from '../../src/commands/bus/handle-command.js';
import { PUBLIC_FETCH_MESSAGES } from '../../src/adapters/security/public-fetch.js';
import {
  BULK_IMPORT_LIMITS,
  BULK_IMPORT_MESSAGES,
  bulkRowKey,
  payloadsFromRecords,
  type BulkImportPayload,
  type BulkRowReport,
} from '../../src/domain/templates/bulk-import.js';
import { templateStream } from '../../src/domain/templates/events.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { VALIDATION_MESSAGES } from '../../src/domain/shared/read-model-validation.js';
import { deriveKeywords, KEYWORD_MESSAGES } from '../../src/domain/templates/keywords.js';
import { setApiTransport } from '../../src/web/lib/api-client.js';
import { sendBulkRows } from '../../src/web/features/admin/import-api.js';
import { buildApp } from '../../src/api/app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Parsed as the portal parses a chosen file: csv-parse, then the shared header and row rules. */
function payloadsOf(csv: string): BulkImportPayload[] {
  const { payloads, fileError } = payloadsFromRecords(parse(csv, { relax_column_count: true, skip_empty_lines: true }) as string[][]);
  expect(fileError).toBeNull();
  return payloads;
}

describe.each(harnessDatabases())('admin bulk import, validate and keywords: $name', (database) => {
  let harness: ApiHarness;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Member;
  let author: Member;
  let pictures: Server;
  let picturesBase: string;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${admin.token}` },
      ...(body === undefined ? {} : { payload: body as Json }),
    });
    return { status: answer.statusCode, body: answer.json<Json>() };
  };
  const templateCount = async () =>
    Number(
      (
        await harness.infrastructure.database.db
          .selectFrom('templates')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    if (database.skipped) return;
    harness = await startApiHarness({ users: 1, templates: 0, seed: 71 }, { database: database.name });
    // Only this app may fetch from the local picture server: the default refuses private addresses.
    app = await buildApp({
      ...harness.infrastructure,
      remoteImages: createRemoteImageFetcher(harness.infrastructure.images, { allowPrivateAddresses: true, timeoutMs: 5_000 }),
    });
    admin = await makeMember(harness, { prefix: 'imp_admin', lvl: 'admin' });
    author = await makeMember(harness, { prefix: 'imp_author' });
    const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    pictures = createServer((request, response) => {
      if (request.url === '/cover.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>');
    });
    await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
    picturesBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await harness?.close();
    await new Promise((resolve) => pictures?.close(resolve));
  });

  const csv = () =>
    [
      'type,title,platform,description,url,instructions,tags,image location,price,author',
      `productivity,Imported Sprint Board,notion,Plan sprints in Notion.,https://example.com/sprint-board,Duplicate it.,"Planning, Sprints",${picturesBase}/cover.png,0,${author.username}`,
      'Marketing,Imported Launch Checklist,Google Sheets,Every step of a product launch.,https://example.com/launch,,,,,',
      'productivity,Nobody Wrote This,notion,A post by an unknown author.,https://example.com/unknown,,,,0,no_such_member',
      'productivity,"=HYPERLINK(""http://evil.example"",""click"")",notion,Looks harmless.,https://example.com/formula,,,,0,',
      'productivity,Bad Address,notion,Its link is not a web address.,not a url,,,,0,ghost_member',
      `productivity,Broken Picture,notion,Its picture is a web page.,https://example.com/broken,,,${picturesBase}/page.html,0,`,
    ].join('\n');

  it.skipIf(database.skipped !== null)('previews every row with its errors and writes nothing', async () => {
    const before = await templateCount();
    const answer = await call('POST', '/api/admin/csv/upload', { data: payloadsOf(csv()), dryRun: true });
    expect(answer.status).toBe(200);
    const reports = answer.body.reports as BulkRowReport[];
    expect(reports.map((report) => [report.row, report.status])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'valid'],
    ]);
    expect(reports[2]!.errors).toEqual([`author: ${BULK_IMPORT_MESSAGES.unknownAuthor} ('no_such_member')`]);
    expect(reports[3]!.errors).toEqual([`title: ${BULK_IMPORT_MESSAGES.formula}`]);
    // Every error of a row at once: the bad link and the unknown author.
    expect(reports[4]!.errors).toEqual([
      expect.stringMatching(/^url: /u),
      `author: ${BULK_IMPORT_MESSAGES.unknownAuthor} ('ghost_member')`,
    ]);
    expect(await templateCount()).toBe(before);
  });

  it.skipIf(database.skipped !== null)(
    "sends the portal's import in batches of 20 rows (each answered in seconds, the bar moving after each) and its preview in batches of 100",
    async () => {
      // The portal's own sender, reaching this API in process with the admin's session.
      setApiTransport(async (url, init) => {
        const answer = await app.inject({
          method: init.method as 'POST',
          url,
          headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${admin.token}` },
          payload: init.body as string,
        });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { 'content-type': String(answer.headers['content-type']) },
        });
      });
      try {
        const rows = ['type,title,platform,description,url,instructions,tags,image location,price,author'];
        for (let index = 0; index < 25; index += 1)
          rows.push(`productivity,Batched Board ${index},notion,Plan in batches.,https://example.com/batched-${index},,,,0,`);
        const payloads = payloadsOf(rows.join('\n'));
        const previewed: number[] = [];
        expect((await sendBulkRows(payloads, true, (done) => previewed.push(done))).every((report) => report.status === 'valid')).toBe(
          true,
        );
        expect(previewed).toEqual([25]);
        const imported: number[] = [];
        const reports = await sendBulkRows(payloads, false, (done) => imported.push(done));
        expect(imported).toEqual([BULK_IMPORT_LIMITS.rowsPerImportRequest, 25]);
        expect(reports.map((report) => report.row)).toEqual(payloads.map((payload) => payload.row));
        expect(reports.every((report) => report.status === 'imported')).toBe(true);
      } finally {
        setApiTransport((url, init) => fetch(url, init));
      }
    },
  );

  it.skipIf(database.skipped !== null)(
    'imports the good rows as live posts with their pictures re-encoded, and a re-upload creates nothing twice',
    async () => {
      const before = await templateCount();
      const first = await call('POST', '/api/admin/csv/upload', { data: payloadsOf(csv()) });
      expect(first.status).toBe(200);
      const reports = first.body.reports as BulkRowReport[];
      expect(reports.map((report) => report.status)).toEqual(['imported', 'imported', 'invalid', 'invalid', 'invalid', 'invalid']);
      expect(reports[5]!.errors).toEqual([`image location: ${BULK_IMPORT_MESSAGES.imageFailed}`]);
      expect(await templateCount()).toBe(before + 2);

      const board = await harness.call<Json>('GET', `/api/resources/${reports[0]!.titleUrl}`);
      expect(board.status).toBe(200);
      const detail = board.body.data ?? board.body;
      expect(detail).toMatchObject({ title: 'Imported Sprint Board', status: 'live', platform: 'notion', topic: 'productivity' });
      expect(JSON.stringify(detail)).toContain(author.username);
      expect(JSON.stringify(detail)).toMatch(/\/api\/images\/[0-9a-f-]{36}\.webp/u);
      const checklist = await harness.call<Json>('GET', `/api/resources/${reports[1]!.titleUrl}`);
      expect(checklist.body.data ?? checklist.body).toMatchObject({
        title: 'Imported Launch Checklist',
        platform: 'google sheets',
        topic: 'marketing',
      });

      const again = await call('POST', '/api/admin/csv/upload', { data: payloadsOf(csv()) });
      expect((again.body.reports as BulkRowReport[]).map((report) => report.status)).toEqual([
        'duplicate',
        'duplicate',
        'invalid',
        'invalid',
        'invalid',
        'invalid',
      ]);
      expect(again.body.imported).toBe(0);
      expect(await templateCount()).toBe(before + 2);
    },
  );

  it.skipIf(database.skipped !== null)(
    'two imports of the same row at once: one reports it imported, the other already imported, and the post is stored once',
    async () => {
      const before = await templateCount();
      const [row] = rowsNamed('Raced Row', 1);
      const answers = await Promise.all([
        call('POST', '/api/admin/csv/upload', { data: [row] }),
        call('POST', '/api/admin/csv/upload', { data: [row] }),
      ]);
      const reports = answers.map((answer) => (answer.body.reports as BulkRowReport[])[0]!);
      expect(reports.map((report) => report.status).sort()).toEqual(['duplicate', 'imported']);
      expect(reports.find((report) => report.status === 'duplicate')!.errors).toEqual([BULK_IMPORT_MESSAGES.alreadyImported]);
      expect(answers.map((answer) => answer.body.imported as number).sort()).toEqual([0, 1]);
      expect(await templateCount()).toBe(before + 1);
    },
  );

  /** Rows of a file of its own (its titles and links unique to `name`), one with a picture. */
  const rowsNamed = (name: string, count: number) =>
    payloadsOf(
      [
        csv().split('\n')[0],
        ...Array.from(
          { length: count },
          (_, index) =>
            `productivity,${name} ${index},notion,Written in one go.,https://example.com/${name.replaceAll(' ', '-')}-${index},,,${index === 0 ? `${picturesBase}/cover.png` : ''},0,`,
        ),
      ].join('\n'),
    );
  /** The import command on the harness's store as `wrap` changes it, counting the appends it makes. */
  const importWith = async (payloads: BulkImportPayload[], wrap: (store: EventStore) => EventStore = (store) => store) => {
    const {
      store,
      database: { db },
      images,
    } = harness.infrastructure;
    const appends = { newStreams: 0, oneStream: 0 };
    const wrapped = wrap(store);
    const { appendToNewStreams } = wrapped;
    const counted: EventStore = {
      ...wrapped,
      appendToStream: (...args) => ((appends.oneStream += 1), wrapped.appendToStream(...args)),
      ...(appendToNewStreams ? { appendToNewStreams: (streams) => ((appends.newStreams += 1), appendToNewStreams(streams)) } : {}),
    };
    const remote = createRemoteImageFetcher(images, { allowPrivateAddresses: true, timeoutMs: 5_000 });
    const { reports, position } = await importBulkRows(
      { store: counted, commands: createCommandBus(counted, upcasters), db, images: remote },
      payloads,
      { dryRun: false, admin: { userId: admin.userId, role: 'admin' } },
    );
    await harness.catchUp(position);
    return { reports, appends };
  };
  const statuses = (reports: readonly BulkRowReport[]) => reports.map((report) => [report.row, report.status]);

  it.skipIf(database.skipped !== null)(
    "writes a call's rows in one append, each as the commands would (a repeat of a row's submission is recognised as such), and a picture or bad row among them stops none of the others",
    async () => {
      const payloads = rowsNamed('One Append', 4);
      const bad = { ...payloads[2]!, url: 'not a url' };
      const { reports, appends } = await importWith([payloads[0]!, payloads[1]!, bad, payloads[3]!]);
      expect(statuses(reports)).toEqual([
        [2, 'imported'],
        [3, 'imported'],
        [4, 'invalid'],
        [5, 'imported'],
      ]);
      expect(appends).toEqual({ newStreams: 1, oneStream: 0 });
      for (const report of [reports[0]!, reports[1]!, reports[3]!]) {
        expect((await harness.call<Json>('GET', `/api/resources/${report.titleUrl}`)).body.data ?? {}).toMatchObject({ status: 'live' });
      }
      expect(JSON.stringify((await harness.call<Json>('GET', `/api/resources/${reports[0]!.titleUrl}`)).body)).toMatch(
        /\/api\/images\/[0-9a-f-]{36}\.webp/u,
      );
      // The ids the two commands give their events: each way of writing takes the other's as a repeat.
      const stream = templateStream(reports[0]!.templateId!);
      const key = bulkRowKey(payloads[0]!);
      expect((await harness.infrastructure.store.readStream(stream)).map((event) => event.id)).toEqual([
        eventIdFor(stream, `bulk-import:${key}`, 0),
        eventIdFor(stream, `bulk-import-approval:${key}`, 0),
        // The approval publishes version 1 with it.
        eventIdFor(stream, `bulk-import-approval:${key}`, 1),
      ]);
    },
  );

  it.skipIf(database.skipped !== null)(
    'when the one append fails as a whole, writes each row alone: a row imported meanwhile by another call is reported already imported, the others imported',
    async () => {
      const payloads = rowsNamed('Failed Append', 3);
      const { reports, appends } = await importWith(payloads, (store) => ({
        ...store,
        async appendToNewStreams() {
          // Another admin's import of the second row lands between this call's check and its write, which then fails.
          await importWith([payloads[1]!]);
          throw new Error('The connection was reset');
        },
      }));
      expect(statuses(reports)).toEqual([
        [2, 'imported'],
        [3, 'duplicate'],
        [4, 'imported'],
      ]);
      expect(reports[1]!.errors).toEqual([BULK_IMPORT_MESSAGES.alreadyImported]);
      // Two commands for each of the two rows written alone; the repeat appended nothing.
      expect(appends).toEqual({ newStreams: 1, oneStream: 4 });
      for (const report of reports)
        expect((await harness.infrastructure.store.readStream(templateStream(report.templateId!))).map((event) => event.type)).toEqual([
          'TemplateSubmitted',
          'TemplateApproved',
          'TemplateVersionPublished',
        ]);
    },
  );

  it.skipIf(database.skipped !== null)('imports row by row on a store without multi-stream appends', async () => {
    const payloads = rowsNamed('Row By Row', 2);
    const { reports, appends } = await importWith(payloads, ({ appendToNewStreams: _unused, ...store }) => store);
    expect(statuses(reports)).toEqual([
      [2, 'imported'],
      [3, 'imported'],
    ]);
    expect(appends).toEqual({ newStreams: 0, oneStream: 4 });
  });

  it.skipIf(database.skipped !== null)(
    'marks only the rows whose title holds a NUL character or broken Unicode invalid, by their row number, without echoing that text, and imports the others',
    async () => {
      const [good, other] = payloadsOf(csv())
        .slice(0, 2)
        .map((payload) => ({ ...payload, title: `${payload.title} (bytes)` }));
      const bad = { ...good!, row: 4, title: 'Bad \u0000 title', url: 'https://www.notion.so/bad-bytes' };
      const broken = { ...good!, row: 5, title: 'Broken \uD800 title', url: 'https://www.notion.so/broken-unicode' };
      const preview = await call('POST', '/api/admin/csv/upload', { data: [good, other, bad, broken], dryRun: true });
      expect(preview.status).toBe(200);
      const reports = preview.body.reports as BulkRowReport[];
      expect(reports.map((report) => [report.row, report.status])).toEqual([
        [2, 'valid'],
        [3, 'valid'],
        [4, 'invalid'],
        [5, 'invalid'],
      ]);
      expect(reports[2]!.errors).toEqual([`title: ${BULK_IMPORT_MESSAGES.forbiddenCharacters}`]);
      expect(reports[3]!.errors).toEqual([`title: ${BULK_IMPORT_MESSAGES.forbiddenCharacters}`]);
      // The report never hands back the text it refused: each character it could not store shows as the replacement mark.
      expect(reports.slice(2).map((report) => report.title)).toEqual(['Bad \uFFFD title', 'Broken \uFFFD title']);
      const imported = await call('POST', '/api/admin/csv/upload', { data: [good, other, bad, broken] });
      const importReports = imported.body.reports as BulkRowReport[];
      expect(importReports.map((report) => report.status)).toEqual(['imported', 'imported', 'invalid', 'invalid']);
      expect(importReports.slice(2).map((report) => report.title)).toEqual(['Bad \uFFFD title', 'Broken \uFFFD title']);
    },
  );

  it.skipIf(database.skipped !== null)("earns neither the importing admin nor the named authors 'create' points", async () => {
    const { rewards, store } = harness.infrastructure;
    expect(await rewards.waitFor(await store.headPosition(), 10_000)).toBe(true);
    // Earlier tests imported rows by a named author and rows without one (the admin's).
    for (const member of [admin, author]) {
      const answer = await harness.call<Json>('GET', `/api/rewards/${member.userId}`, { token: member.token });
      expect(answer.status).toBe(200);
      expect((answer.body.rewards as Json[]).filter((reward) => reward.type === 'create')).toEqual([]);
    }
  });

  it.skipIf(database.skipped !== null)(
    'reports a row with an absurdly long cell or too many tags invalid by its row number, and previews the others',
    async () => {
      const file = [
        csv().split('\n')[0],
        'productivity,Short And Fine,notion,A fine description.,https://example.com/fine,,,,0,',
        `productivity,Long Description,notion,${'x'.repeat(6_000)},https://example.com/long,,,,0,`,
        `productivity,Many Tags,notion,Tagged.,https://example.com/tags,,"${Array.from({ length: 60 }, (_, index) => `tag${index}`).join(',')}",,0,`,
      ].join('\n');
      const preview = await call('POST', '/api/admin/csv/upload', { data: payloadsOf(file), dryRun: true });
      expect(preview.status).toBe(200);
      const reports = preview.body.reports as BulkRowReport[];
      expect(reports.map((report) => [report.row, report.status])).toEqual([
        [2, 'valid'],
        [3, 'invalid'],
        [4, 'invalid'],
      ]);
      expect(reports[1]!.errors.join(' ')).toContain('description:');
      expect(reports[2]!.errors.join(' ')).toContain('tags:');
    },
  );

  it.skipIf(database.skipped !== null)('refuses more rows than a call takes, and an empty list, with a 400', async () => {
    const row = payloadsOf(csv())[1]!;
    expect(
      (await call('POST', '/api/admin/csv/upload', { data: Array.from({ length: 101 }, (_, index) => ({ ...row, row: index + 2 })) }))
        .status,
    ).toBe(400);
    expect((await call('POST', '/api/admin/csv/upload', { data: [] })).status).toBe(400);
  });

  it.skipIf(database.skipped !== null)(
    'fetches a picture for the spec call, and the default fetcher refuses private addresses',
    async () => {
      const fetched = await call('POST', '/api/admin/fetch-and-upload-image', { imageUrl: `${picturesBase}/cover.png` });
      expect(fetched.status).toBe(200);
      expect(fetched.body.location).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/u);
      expect((await call('POST', '/api/admin/fetch-and-upload-image', { imageUrl: `${picturesBase}/page.html` })).status).toBe(400);
      const guarded = await harness.call<Json>('POST', '/api/admin/fetch-and-upload-image', {
        token: admin.token,
        body: { imageUrl: `${picturesBase}/cover.png` },
      });
      expect(guarded).toMatchObject({ status: 400, body: { message: PUBLIC_FETCH_MESSAGES.notPublic } });
    },
  );

  it.skipIf(database.skipped !== null)('gives live posts without keywords keywords from their title and description, once', async () => {
    const checklistTitle = 'Imported Launch Checklist';
    const updated = await call('POST', '/api/admin/updateAIKeywords');
    expect(updated).toMatchObject({ status: 200, body: { success: true, message: KEYWORD_MESSAGES.updated } });
    const entry = (updated.body.updated as Json[]).find((post) => post.title === checklistTitle);
    expect(entry?.keywords).toEqual(deriveKeywords(checklistTitle, 'Every step of a product launch.'));
    const { rows } = await sql<{ keywords: string[] }>`select keywords from templates where id = ${entry!._id}`.execute(
      harness.infrastructure.database.db,
    );
    expect(rows[0]!.keywords).toEqual(entry!.keywords);
    expect((await call('POST', '/api/admin/updateAIKeywords')).body.updated as Json[]).toEqual([]);
  });

  it.skipIf(database.skipped !== null)(
    'validates the read models against a rebuild of the log, and names a table that differs',
    async () => {
      await harness.catchUp();
      const valid = await call('GET', '/api/admin/validate');
      expect(valid).toMatchObject({ status: 200, body: { success: true, message: VALIDATION_MESSAGES.valid, differences: [] } });
      expect(valid.body.tables).toBeGreaterThan(20);

      // A read model changed behind the log's back (the view writes through to the live table).
      await sql`update templates set title = 'Tampered' where title = 'Imported Sprint Board'`.execute(harness.infrastructure.database.db);
      const tampered = await call('GET', '/api/admin/validate');
      expect(tampered.body).toMatchObject({ success: false, message: VALIDATION_MESSAGES.differences });
      expect(tampered.body.differences).toEqual([
        expect.objectContaining({ table: 'templates', projection: expect.any(String), onlyLive: 1, onlyRebuilt: 1 }),
      ]);
      // Two at once (round three: both drew the same scratch tables and answered 500): one runs, one is told.
      const both = await Promise.all([call('GET', '/api/admin/validate'), call('GET', '/api/admin/validate')]);
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(both.find((answer) => answer.status === 409)?.body).toMatchObject({
        error: true,
        message: VALIDATION_MESSAGES.alreadyRunning,
      });
      // No scratch tables are left behind.
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from projection_generations where status = 'retired' and checkpoint = -1`.execute(
        harness.infrastructure.database.db,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    },
  );
});
