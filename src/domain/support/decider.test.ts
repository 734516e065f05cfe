import { describe, expect, it } from 'vitest';
import { upcast } from '../shared/upcasting.js';
import { upcasters } from '../upcasters.js';
import { conversationDecider, NOT_YOUR_CONVERSATION } from './decider.js';
import type { SupportChatAnswered } from './events.js';

const exchange = (writer: Pick<SupportChatAnswered['data'], 'userId' | 'guestKey'>): SupportChatAnswered['data'] => ({
  conversationId: 'c1',
  exchangeId: 'x',
  ...writer,
  nameEnc: null,
  emailEnc: null,
  questionEnc: 'q',
  reply: 'r',
  sources: [],
  answeredBy: 'retrieval',
  known: true,
});
/** An exchange as stored before guest keys (schema v1), read through the upcasters. */
const storedBeforeGuestKeys = (userId: string | null) => {
  const { guestKey: _absentInV1, ...v1 } = exchange({ userId, guestKey: null });
  const event = upcast(upcasters, {
    id: 'e1',
    type: 'SupportChatAnswered',
    data: v1,
    metadata: { schemaVersion: 1, correlationId: 'c', causationId: 'c', actor: { userId, role: 'base' as const }, occurredAt: '' },
  });
  return event as unknown as SupportChatAnswered;
};
const stateAfter = (...events: SupportChatAnswered[]) => events.reduce(conversationDecider.evolve, conversationDecider.initialState());
const record = (writer: Pick<SupportChatAnswered['data'], 'userId' | 'guestKey'>) => ({
  type: 'RecordChatExchange' as const,
  data: exchange(writer),
});

describe('a help conversation', () => {
  it('goes on for the member or the guest cookie that started it, and for nobody else', () => {
    const members = stateAfter({ type: 'SupportChatAnswered', data: exchange({ userId: 'u1', guestKey: null }) });
    expect(conversationDecider.decide(record({ userId: 'u1', guestKey: null }), members)).toHaveLength(1);
    expect(() => conversationDecider.decide(record({ userId: 'u2', guestKey: null }), members)).toThrow(NOT_YOUR_CONVERSATION);
    expect(() => conversationDecider.decide(record({ userId: null, guestKey: 'k1' }), members)).toThrow(NOT_YOUR_CONVERSATION);

    const guests = stateAfter({ type: 'SupportChatAnswered', data: exchange({ userId: null, guestKey: 'k1' }) });
    expect(conversationDecider.decide(record({ userId: null, guestKey: 'k1' }), guests)).toHaveLength(1);
    expect(() => conversationDecider.decide(record({ userId: null, guestKey: 'k2' }), guests)).toThrow(NOT_YOUR_CONVERSATION);
    expect(() => conversationDecider.decide(record({ userId: 'u1', guestKey: null }), guests)).toThrow(NOT_YOUR_CONVERSATION);
  });

  it('goes on for a guest who signed in while holding its cookie, and keeps a member’s exchange free of their guest cookie otherwise', () => {
    const guests = stateAfter({ type: 'SupportChatAnswered', data: exchange({ userId: null, guestKey: 'k1' }) });
    expect(conversationDecider.decide(record({ userId: 'u1', guestKey: 'k1' }), guests)).toMatchObject([
      { data: { userId: 'u1', guestKey: 'k1' } },
    ]);
    expect(() => conversationDecider.decide(record({ userId: 'u1', guestKey: 'k2' }), guests)).toThrow(NOT_YOUR_CONVERSATION);
    // Its owner stays the cookie: signed out again, they go on as the guest.
    const continued = stateAfter(
      { type: 'SupportChatAnswered', data: exchange({ userId: null, guestKey: 'k1' }) },
      { type: 'SupportChatAnswered', data: exchange({ userId: 'u1', guestKey: 'k1' }) },
    );
    expect(conversationDecider.decide(record({ userId: null, guestKey: 'k1' }), continued)).toHaveLength(1);

    expect(conversationDecider.decide(record({ userId: 'u1', guestKey: 'k1' }), stateAfter())).toMatchObject([
      { data: { userId: 'u1', guestKey: null } },
    ]);
    const members = stateAfter({ type: 'SupportChatAnswered', data: exchange({ userId: 'u1', guestKey: null }) });
    expect(conversationDecider.decide(record({ userId: 'u1', guestKey: 'k1' }), members)).toMatchObject([{ data: { guestKey: null } }]);
    expect(() => conversationDecider.decide(record({ userId: null, guestKey: 'k1' }), members)).toThrow(NOT_YOUR_CONVERSATION);
  });

  it('stored before guest keys: a member’s goes on; a guest’s, whose key nobody holds, is closed', () => {
    const legacyGuest = storedBeforeGuestKeys(null);
    expect(legacyGuest).toMatchObject({ data: { guestKey: null }, metadata: { schemaVersion: 2 } });
    expect(() => conversationDecider.decide(record({ userId: null, guestKey: 'k1' }), stateAfter(legacyGuest))).toThrow(
      NOT_YOUR_CONVERSATION,
    );
    expect(conversationDecider.decide(record({ userId: 'u1', guestKey: null }), stateAfter(storedBeforeGuestKeys('u1')))).toHaveLength(1);
  });
});
