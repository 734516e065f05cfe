import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEventChain } from '../../src/adapters/eventstore/chain.js';
import { firstBrokenTrailLink, type ChainHead } from '../../src/domain/audit/chain.js';
import type { PostTrail } from '../../src/domain/audit/trail.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import { publishTemplate } from '../fixtures/templates.js';

/** The chain's head anyone may write down, and a post's trail of decisions for its author and admins. */
describe('audit head and post trails', () => {
  let harness: ApiHarness;
  let author: Member;
  let admin: Member;
  let stranger: Member;
  let flagger: Member;
  let postId: string;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 2, seed: 58 });
    [author, admin, stranger, flagger] = await Promise.all([
      makeMember(harness, { prefix: 'trail_author' }),
      makeMember(harness, { prefix: 'trail_admin', lvl: 'admin' }),
      makeMember(harness, { prefix: 'trail_stranger' }),
      makeMember(harness, { prefix: 'trail_flagger' }),
    ]);
    postId = await publishTemplate(harness, author.userId, { title: 'Trail Planner' });
    // A report sends the post to review at once (the moderation reactor), where an admin may hide it.
    const report = {
      resourceId: postId,
      name: 'Flag Ger',
      reason: 'doesnt-work',
      message: 'The link is dead.',
      email: 'flagger@example.com',
    };
    expect((await harness.call('POST', '/api/resources/reportPost', { token: flagger.token, body: report })).status).toBe(200);
    for (let tries = 0; ; tries += 1) {
      const { body } = await harness.call<{ history: { type: string }[] }>('GET', `/api/resources/${postId}/history`, {
        token: author.token,
      });
      if (body.history.some((entry) => entry.type === 'TemplateFlaggedForReview')) break;
      if (tries === 300) throw new Error('The report did not send the post to review');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const hidden = await harness.call('PUT', '/api/admin/resources/update', {
      token: admin.token,
      body: { _id: postId, status: 'hidden', reason: 'Links to a broken page' },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    await harness.catchUp();
  }, 120_000);

  afterAll(async () => harness?.close());

  it('answers the head of a chain that links the whole log', async () => {
    const answer = await harness.call<ChainHead>('GET', '/api/audit/head');
    expect(answer.status).toBe(200);
    const { database, store } = harness.infrastructure;
    const { rows } = await sql<{ position: string }>`select max(e.position)::text as position from events e`.execute(database.db);
    expect(answer.body.position).toBe(rows[0]!.position);
    expect(answer.body.position).toBe((await store.headPosition()).toString());
    const verified = await verifyEventChain(database, { writtenHead: answer.body });
    expect(verified.found).toBeNull();
    const { rows: counted } = await sql<{ count: string }>`select count(*)::text as count from events`.execute(database.db);
    expect(verified.checked).toBe(Number(counted[0]!.count));
  });

  it("shows the author every decision on their post with its link, and no other member's identity", async () => {
    const answer = await harness.call<PostTrail>('GET', `/api/resources/${postId}/trail`, { token: author.token });
    expect(answer.status).toBe(200);
    const { entries } = answer.body;
    expect(entries.map((entry) => entry.type)).toEqual([
      'TemplateSubmitted',
      'TemplateApproved',
      'TemplateFlaggedForReview',
      'TemplateHidden',
    ]);
    expect(entries[3]).toMatchObject({ title: 'Hidden', actorRole: 'admin', reason: 'Links to a broken page' });
    expect(entries.every((entry) => entry.link !== null && entry.link.position === entry.position)).toBe(true);
    expect(firstBrokenTrailLink(entries.map((entry) => entry.link!))).toBeNull();
    const text = JSON.stringify(answer.body);
    for (const member of [admin, flagger]) {
      expect(text).not.toContain(member.userId);
      expect(text).not.toContain(member.username);
    }
  });

  it('lets admins read any trail, and refuses others', async () => {
    expect((await harness.call('GET', `/api/resources/${postId}/trail`, { token: admin.token })).status).toBe(200);
    // A hidden post does not exist for others; a live one is theirs to see, its trail is not.
    expect((await harness.call('GET', `/api/resources/${postId}/trail`, { token: stranger.token })).status).toBe(404);
    const livePost = await publishTemplate(harness, author.userId, { title: 'Trail Live Planner' });
    const stranger403 = await harness.call<{ message: string }>('GET', `/api/resources/${livePost}/trail`, { token: stranger.token });
    expect(stranger403.status).toBe(403);
    expect(stranger403.body.message).toMatch(/./u);
    expect((await harness.call('GET', `/api/resources/${postId}/trail`)).status).toBe(401);
    expect((await harness.call('GET', '/api/resources/no-such-post/trail', { token: admin.token })).status).toBe(404);
  });

  it('finds a tampered trail entry', async () => {
    const { body } = await harness.call<PostTrail>('GET', `/api/resources/${postId}/trail`, { token: author.token });
    const links = body.entries.map((entry) => entry.link!);
    const forged = links.map((link, index) =>
      index === 1 ? { ...link, digest: link.digest.replace(/^./u, (c) => (c === '0' ? '1' : '0')) } : link,
    );
    expect(firstBrokenTrailLink(forged)).toMatchObject({ index: 1 });
    expect(firstBrokenTrailLink([links[1]!, links[0]!])).toMatchObject({ index: 1 });
  });

  it('still verifies after a member is erased: the chain covers ciphertext, and erasure rewrites no event', async () => {
    const before = (await harness.call<ChainHead>('GET', '/api/audit/head')).body;
    await harness.infrastructure.accounts.deleteAccount(flagger.userId, { userId: flagger.userId, role: 'base' });
    await harness.catchUp();
    const after = (await harness.call<ChainHead>('GET', '/api/audit/head')).body;
    expect(BigInt(after.position)).toBeGreaterThan(BigInt(before.position));
    const verified = await verifyEventChain(harness.infrastructure.database, { writtenHead: before });
    expect(verified.found).toBeNull();
    expect(verified.unlinked).toBe(0);
  });
});
