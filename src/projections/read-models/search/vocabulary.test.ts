import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../../tests/fixtures/api-harness.js';
import { publishTemplate } from '../../../../tests/fixtures/templates.js';
import { demoUserId } from '../../../composition/demo-catalogue.js';
import { templateDecider } from '../../../domain/templates/decider.js';
import { templateStream } from '../../../domain/templates/events.js';
import { searchProjection } from './projection.js';

const SIZE = { users: 2, templates: 3, seed: 21 };

describe('search vocabulary (typo corrections)', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(SIZE);
  });
  afterAll(async () => {
    await harness?.close();
  });

  const vocabulary = async () =>
    (await harness.infrastructure.database.db.selectFrom('search_words').select('word').orderBy('word').execute()).map((row) => row.word);
  const usesOf = async (word: string) =>
    (await harness.infrastructure.database.db.selectFrom('search_words').select('uses').where('word', '=', word).executeTakeFirst())?.uses;

  it('forgets the words of deleted posts and of replaced titles, keeps those another post still uses, exactly as a rebuild of the log does', async () => {
    const { commands, runner } = harness.infrastructure;
    const authorId = demoUserId(SIZE.seed, 1);
    const author = { userId: authorId, lvl: 'base' as const };
    const deleted = await publishTemplate(harness, authorId, { title: 'Quixotrel planner' });
    const edited = await publishTemplate(harness, authorId, { title: 'Vornhelm tracker' });
    await publishTemplate(harness, authorId, { title: 'Zembrak quixotrel budget' });
    expect(await vocabulary()).toEqual(expect.arrayContaining(['quixotrel', 'vornhelm', 'zembrak']));
    expect(await usesOf('quixotrel')).toBe(2);

    await commands.handle(
      templateDecider,
      templateStream(deleted),
      { type: 'DeleteTemplate', data: { templateId: deleted, requester: author, reason: null } },
      { actor: { userId: authorId, role: 'base' } },
    );
    await commands.handle(
      templateDecider,
      templateStream(edited),
      { type: 'EditTemplate', data: { templateId: edited, requester: author, changes: { title: 'Brightwell tracker' } } },
      { actor: { userId: authorId, role: 'base' } },
    );
    const approved = await commands.handle(
      templateDecider,
      templateStream(edited),
      { type: 'ApproveTemplate', data: { templateId: edited, reviewerId: 'reviewer' } },
      { actor: { userId: null, role: 'operator' } },
    );
    expect(await runner.waitFor(approved.position!, 10_000)).toBe(true);

    const live = await vocabulary();
    expect(live).not.toContain('vornhelm');
    expect(live).toContain('brightwell');
    // The deleted post's word stays while the other post uses it.
    expect(await usesOf('quixotrel')).toBe(1);

    await runner.rebuild(searchProjection);
    expect(await vocabulary()).toEqual(live);
    expect(await usesOf('quixotrel')).toBe(1);
  });
});
