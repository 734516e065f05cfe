import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { contactMessageStream, type ContactMessageReceived } from '../../../domain/outreach/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { contactMessagesProjection } from './projection.js';

const received = (messageId: string, senderUserId: string | null) => ({
  streamId: contactMessageStream(messageId),
  type: 'ContactMessageReceived' as const,
  data: {
    messageId,
    nameEnc: `name-${messageId}`,
    emailEnc: `email-${messageId}`,
    messageEnc: `text-${messageId}`,
    reason: null,
    senderUserId,
  } satisfies ContactMessageReceived['data'],
});

describe.each(databaseTargets())('contact messages projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, contactMessagesProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps each message as received, ciphertexts untouched; applied twice, the same rows', async () => {
    const { contact_messages: messages } = await spec.given(recordedLog([received('m1', 'u1'), received('m2', null)]), 1);
    expect(
      messages!.map((row) => [
        row.id,
        row.name_enc,
        row.email_enc,
        row.message_enc,
        row.sender_user_id,
        (row.received_at as Date).toISOString(),
      ]),
    ).toEqual([
      ['m1', 'name-m1', 'email-m1', 'text-m1', 'u1', '2026-01-01T00:00:00.000Z'],
      ['m2', 'name-m2', 'email-m2', 'text-m2', null, '2026-01-01T00:01:00.000Z'],
    ]);
  });
});
