import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { conversationStream, feedbackStream } from '../../../domain/support/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { supportProjection } from './projection.js';

describe.each(databaseTargets())('support projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, supportProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps feedback and chat exchanges as received, ciphertexts untouched; applied twice, the same rows', async () => {
    const exchange = (exchangeId: string) => ({
      streamId: conversationStream('c1'),
      type: 'SupportChatAnswered',
      data: {
        conversationId: 'c1',
        exchangeId,
        userId: null,
        nameEnc: 'n',
        emailEnc: 'e',
        questionEnc: `q-${exchangeId}`,
        reply: 'r',
        sources: [{ title: 'Terms', path: '/terms-of-service' }],
        answeredBy: 'retrieval',
        known: true,
      },
    });
    const rows = await spec.given(
      recordedLog([
        {
          streamId: feedbackStream('f1'),
          type: 'BetaFeedbackReceived',
          data: {
            feedbackId: 'f1',
            selection: 'Idea',
            textEnc: 't',
            userId: 'u1',
            nameEnc: null,
            emailEnc: null,
            currentPage: '/',
            clientTimestamp: null,
          },
        },
        exchange('x1'),
        exchange('x2'),
      ]),
      2,
    );
    expect(rows.support_feedback!.map((row) => [row.id, row.selection, row.text_enc, row.user_id])).toEqual([['f1', 'Idea', 't', 'u1']]);
    expect(rows.support_chat_exchanges!.map((row) => [row.exchange_id, row.question_enc, row.sources])).toEqual([
      ['x1', 'q-x1', [{ title: 'Terms', path: '/terms-of-service' }]],
      ['x2', 'q-x2', [{ title: 'Terms', path: '/terms-of-service' }]],
    ]);
  });
});
