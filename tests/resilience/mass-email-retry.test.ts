import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/adapters/security/passwords.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { massEmailDecider } from '../../src/domain/mass-email/decider.js';
import { massEmailRecipientStream, massEmailStream } from '../../src/domain/mass-email/events.js';
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

/** Wide margins: a loaded 2-core machine (the first retry waits 2 s). */
const WAIT_MS = 120_000;
const SUBJECT = 'Retry campaign';

/**
 * A campaign through a real SMTP server that answers one recipient "try again later" (451) once and
 * refuses another (550): the first is sent on a later attempt, the refusal is recorded at once.
 */
describe('mass e-mail retries a recipient whose server said "try later"', () => {
  let dataDir: string;
  let sink: SmtpSink;
  let infrastructure: Infrastructure;
  const address = (name: string) => `${name}@members.example`;

  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-mass-email-retry-');
    sink = await startSmtpSink({ deferOnce: (to) => to === address('busy'), refuse: (to) => to === address('gone') });
    infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined, smtpUrl: sink.url() });
    await infrastructure.runner.start();
  }, WAIT_MS);

  afterAll(async () => {
    await infrastructure?.close();
    await sink?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'delivers after a 451 on a later attempt, and records a 550 as failed without retrying',
    async () => {
      const passwordHash = await hashPassword('Member#pass1');
      const ids: Record<string, string> = {};
      for (const name of ['busy', 'gone', 'fine']) {
        ids[name] = (
          await infrastructure.accounts.register({
            username: name,
            email: address(name),
            password: null,
            passwordHash,
            lvl: 'base',
            verification: 'verified',
          })
        ).userId;
      }
      expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), WAIT_MS)).toBe(true);
      const campaignId = randomUUID();
      await infrastructure.commands.handle(
        massEmailDecider,
        massEmailStream(campaignId),
        {
          type: 'RequestMassEmail',
          data: { campaignId, subject: SUBJECT, body: 'Hello', group: 'all', requestedBy: 'operator', recipientIds: Object.values(ids) },
        },
        { actor: { userId: null, role: 'operator' } },
      );
      infrastructure.startMassEmail();

      const outcome = async (name: string) =>
        (await infrastructure.store.readStream(massEmailRecipientStream(campaignId, ids[name]!))).map((event) => event.type);
      await expect
        .poll(async () => (await Promise.all(['busy', 'gone', 'fine'].map(outcome))).flat().length, { timeout: WAIT_MS, interval: 250 })
        .toBe(3);
      expect(await outcome('busy')).toEqual(['MassEmailDelivered']);
      expect(await outcome('gone')).toEqual(['MassEmailFailed']);
      expect(await outcome('fine')).toEqual(['MassEmailDelivered']);
      const received = sink.messages.filter((message) => message.subject === SUBJECT).flatMap((message) => message.to);
      expect(received.sort()).toEqual([address('busy'), address('fine')]);
    },
    WAIT_MS,
  );
});
