import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/database.js';
import { createOutboxMailer } from '../../src/adapters/mail/outbox.js';
import {
  MailDeliveryError,
  OUTBOX_DEFAULT_LIMIT,
  OUTBOX_MAX_LIMIT,
  type MailMessage,
  type MailSender,
} from '../../src/adapters/mail/port.js';
import { createSmtpMailer } from '../../src/adapters/mail/smtp.js';
import { databaseTargets } from '../fixtures/databases.js';
import { startSmtpSink, unusedPort, type SmtpSink } from '../fixtures/smtp-sink.js';

const FROM = 'Tessera <no-reply@tessera.local>';

/** What a recipient ends up with, whichever adapter carried it. */
interface Delivered {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

interface MailTarget {
  name: string;
  kind: MailSender['kind'];
  open(): Promise<{ sender: MailSender; delivered(): Promise<Delivered[]>; close(): Promise<void> }>;
}

const targets: MailTarget[] = [
  ...databaseTargets().map((database): MailTarget => ({
    name: `outbox on ${database.name}`,
    kind: 'outbox',
    async open() {
      const opened = await database.open();
      const outbox = createOutboxMailer(opened.db);
      return {
        sender: outbox,
        delivered: async () =>
          (await outbox.list({ limit: OUTBOX_MAX_LIMIT })).map(({ to, subject, text, html }) => ({ to, subject, text, html })),
        close: () => opened.close(),
      };
    },
  })),
  {
    name: 'smtp to a local smtp-server',
    kind: 'smtp',
    async open() {
      const sink = await startSmtpSink();
      return {
        sender: createSmtpMailer({ smtpUrl: sink.url(), from: FROM }),
        delivered: async () =>
          sink.messages.map((message) => ({ to: message.to.join(', '), subject: message.subject, text: message.text, html: message.html })),
        close: () => sink.close(),
      };
    },
  },
];

describe.each(targets)('mail sender contract: $name', (target) => {
  let sender: MailSender;
  let delivered: () => Promise<Delivered[]>;
  let close: () => Promise<void>;
  beforeAll(async () => ({ sender, delivered, close } = await target.open()));
  afterAll(() => close());

  async function deliveredWithSubject(subject: string): Promise<Delivered> {
    const matches = (await delivered()).filter((message) => message.subject === subject);
    expect(matches).toHaveLength(1);
    return matches[0]!;
  }

  it(`declares its kind (${target.kind})`, () => {
    expect(sender.kind).toBe(target.kind);
  });

  it('delivers recipient, subject and text of a plain message, without HTML', async () => {
    await sender.send({ to: 'ada@example.com', subject: 'Your code', text: 'Your verification code is 123456.' });
    expect(await deliveredWithSubject('Your code')).toEqual({
      to: 'ada@example.com',
      subject: 'Your code',
      text: 'Your verification code is 123456.',
      html: null,
    });
  });

  it('delivers the HTML alternative next to the text', async () => {
    const message: MailMessage = {
      to: 'grace@example.com',
      subject: 'Reset your password',
      text: 'Open https://tessera.local/reset?token=abc to reset your password.',
      html: '<p>Open <a href="https://tessera.local/reset?token=abc">this link</a> to reset your password.</p>',
    };
    await sender.send(message);
    expect(await deliveredWithSubject('Reset your password')).toEqual({ ...message, html: message.html });
  });

  it('keeps non-ASCII subjects and long multi-line bodies intact', async () => {
    const subject = 'Bienvenue, Zoë — votre code ✓ 654321 — et un sujet assez long pour être replié sur plusieurs lignes';
    const text = ['Hallo Jürgen,', '', `${'Ünïcödé '.repeat(20)}end`, '. a line that starts with a dot', 'Grüße'].join('\n');
    await sender.send({ to: 'juergen@example.com', subject, text });
    const message = await deliveredWithSubject(subject);
    expect(message.text).toBe(text);
    expect(message.to).toBe('juergen@example.com');
  });
});

describe.each(databaseTargets())('mail outbox reader: $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  it('lists newest first, filters by recipient (case-insensitive) and caps the count', async () => {
    const outbox = createOutboxMailer(database.db);
    for (const [i, to] of ['a@example.com', 'b@example.com', 'a@example.com', 'c@example.com'].entries()) {
      await outbox.send({ to, subject: `message ${i}`, text: `body ${i}` });
    }
    expect((await outbox.list()).map((message) => message.subject)).toEqual(['message 3', 'message 2', 'message 1', 'message 0']);
    expect((await outbox.list({ to: ' A@Example.com ' })).map((message) => message.subject)).toEqual(['message 2', 'message 0']);
    expect(await outbox.list({ to: 'nobody@example.com' })).toEqual([]);
    expect((await outbox.list({ limit: 2 })).map((message) => message.subject)).toEqual(['message 3', 'message 2']);
    expect(await outbox.list({ limit: 0 })).toHaveLength(1);

    const [newest] = await outbox.list({ limit: 1 });
    expect(newest).toEqual({
      id: expect.any(String),
      to: 'c@example.com',
      subject: 'message 3',
      text: 'body 3',
      html: null,
      sentAt: expect.any(Date),
    });
    expect(Math.abs(newest!.sentAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it(`returns ${OUTBOX_DEFAULT_LIMIT} messages by default and never more than ${OUTBOX_MAX_LIMIT}`, async () => {
    const outbox = createOutboxMailer(database.db);
    for (let i = 0; i <= OUTBOX_MAX_LIMIT; i++) await outbox.send({ to: 'bulk@example.com', subject: `bulk ${i}`, text: 'x' });
    expect(await outbox.list({ to: 'bulk@example.com' })).toHaveLength(OUTBOX_DEFAULT_LIMIT);
    const all = await outbox.list({ to: 'bulk@example.com', limit: 10_000 });
    expect(all).toHaveLength(OUTBOX_MAX_LIMIT);
    expect(all[0]?.subject).toBe(`bulk ${OUTBOX_MAX_LIMIT}`);
  });
});

describe('smtp mail sender failures', () => {
  const credentials = { user: 'tessera-mailer', pass: 's3cret-p4ss' };
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (address) => address.endsWith('@refused.example'), credentials });
  });
  afterAll(() => sink.close());

  it('authenticates with the credentials in SMTP_URL', async () => {
    await createSmtpMailer({ smtpUrl: sink.url(credentials), from: FROM }).send({ to: 'ok@example.com', subject: 'with auth', text: 'hi' });
    expect(sink.messages.find((message) => message.subject === 'with auth')?.user).toBe(credentials.user);
  });

  it('sends the address to answer to as Reply-To', async () => {
    await createSmtpMailer({ smtpUrl: sink.url(), from: FROM }).send({
      to: 'maker@example.com',
      subject: 'a message for you',
      text: 'hi',
      replyTo: 'writer@example.com',
    });
    expect(sink.messages.find((message) => message.subject === 'a message for you')?.replyTo).toBe('writer@example.com');
  });

  it('turns a refused recipient into a MailDeliveryError', async () => {
    const error = await createSmtpMailer({ smtpUrl: sink.url(), from: FROM })
      .send({ to: 'ghost@refused.example', subject: 'refused', text: 'hi' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    expect(sink.messages.find((message) => message.subject === 'refused')).toBeUndefined();
  });

  it('turns refused credentials into a MailDeliveryError that does not reveal them', async () => {
    const wrong = { user: credentials.user, pass: 'wr0ng-p4ss' };
    const error = await createSmtpMailer({ smtpUrl: sink.url(wrong), from: FROM })
      .send({ to: 'ok@example.com', subject: 'bad auth', text: 'hi' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ code: 'EAUTH' });
    const shown = `${String(error)} ${JSON.stringify(error)}`;
    expect(shown).not.toContain(wrong.pass);
    expect(shown).not.toContain(wrong.user);
  });

  it('turns an unreachable server into a MailDeliveryError that does not reveal the URL', async () => {
    const smtpUrl = `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${await unusedPort()}`;
    const error = await createSmtpMailer({ smtpUrl, from: FROM })
      .send({ to: 'ok@example.com', subject: 'server down', text: 'hi' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).message).toMatch(/^Mail delivery failed: /);
    const shown = `${String(error)} ${JSON.stringify(error)}`;
    expect(shown).not.toContain(credentials.pass);
    expect(shown).not.toContain('127.0.0.1');
  });
});
