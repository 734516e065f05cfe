import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/adapters/security/passwords.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { massEmailDecider } from '../../src/domain/mass-email/decider.js';
import { massEmailStream } from '../../src/domain/mass-email/events.js';
import { dropSchema } from '../fixtures/databases.js';
import { inParallel } from '../fixtures/members.js';
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink.js';
import { countOutcomes } from '../fixtures/mass-email.js';

/**
 * Two processes' mass e-mail workers on one Postgres database, both sending through one real SMTP
 * server: one of them sends at a time (the reactor's advisory lock), and when it goes midway the
 * other takes the campaign up — every recipient gets exactly one message over SMTP, none is lost.
 * Needs a real server: runs with DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const MEMBERS = 60;
/** Slow enough (the throttle) that the first worker is stopped midway. */
const PER_SECOND = 20;
const STOP_FIRST_AFTER = 15;
/** Wide margins: a loaded 2-core machine. */
const WAIT_MS = 180_000;
const SUBJECT = 'Two workers campaign';

describe.runIf(databaseUrl)('mass e-mail with two workers on one Postgres database', () => {
  const databaseSchema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let dataDir: string;
  let sink: SmtpSink;
  let first: Infrastructure | null = null;
  let second: Infrastructure | null = null;
  let recipientIds: string[];

  const open = (name: string) =>
    openInfrastructure({
      dataDir: join(dataDir, name),
      databaseUrl,
      databaseSchema,
      eventStoreUrl: undefined,
      smtpUrl: sink.url(),
      massEmailPerSecond: PER_SECOND,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tessera-mass-email-two-'));
    sink = await startSmtpSink();
    first = await open('first');
    second = await open('second');
    await first.runner.start();
    await second.runner.start();
    const passwordHash = await hashPassword('Member#pass1');
    const members = await inParallel(
      Array.from({ length: MEMBERS }, (_, i) => i),
      8,
      (i) =>
        first!.accounts.register({
          username: `twin_${i}`,
          email: `twin_${i}@members.example`,
          password: null,
          passwordHash,
          lvl: 'base',
          verification: 'verified',
        }),
    );
    recipientIds = members.map((member) => member.userId);
    const head = await first.store.headPosition();
    expect(await first.runner.waitFor(head, WAIT_MS)).toBe(true);
    expect(await second.runner.waitFor(head, WAIT_MS)).toBe(true);
  }, WAIT_MS);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await sink?.close();
    if (databaseUrl) await dropSchema(databaseUrl, databaseSchema);
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'sends each recipient one message over SMTP while both run, and the second finishes what the first left',
    async () => {
      const campaignId = randomUUID();
      await first!.commands.handle(
        massEmailDecider,
        massEmailStream(campaignId),
        {
          type: 'RequestMassEmail',
          data: { campaignId, subject: SUBJECT, body: 'One each', group: 'all', requestedBy: 'operator', recipientIds },
        },
        { actor: { userId: null, role: 'operator' } },
      );
      const sent = () => sink.messages.filter((message) => message.subject === SUBJECT);

      // The first takes the lock and starts sending; the second starts while it sends.
      first!.startMassEmail();
      await expect.poll(() => sent().length, { timeout: WAIT_MS, interval: 50 }).toBeGreaterThan(0);
      second!.startMassEmail();
      await expect.poll(() => sent().length, { timeout: WAIT_MS, interval: 50 }).toBeGreaterThanOrEqual(STOP_FIRST_AFTER);

      // The first process goes away midway: the second takes the lock and resumes the campaign.
      await first!.close();
      first = null;
      const sentByFirst = sent().length;
      expect(sentByFirst).toBeLessThan(MEMBERS);

      await expect.poll(async () => countOutcomes(second!, campaignId, recipientIds), { timeout: WAIT_MS, interval: 250 }).toBe(MEMBERS);
      const addresses = sent().flatMap((message) => message.to);
      console.info(
        `mass e-mail two workers: ${sentByFirst} sent before the first stopped, ${addresses.length} in all to ${new Set(addresses).size} addresses`,
      );
      expect(addresses).toHaveLength(MEMBERS);
      expect(new Set(addresses).size).toBe(MEMBERS);
    },
    WAIT_MS * 2,
  );
});
