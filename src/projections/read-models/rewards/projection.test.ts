import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { rewardsStream, type RewardEarned, type RewardRevoked } from '../../../domain/rewards/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { rewardsProjection } from './projection.js';

const earned = (userId: string, rewardType: RewardEarned['data']['rewardType'], key: string, points: number) => ({
  streamId: rewardsStream(userId),
  type: 'RewardEarned' as const,
  data: {
    userId,
    rewardType,
    key,
    points,
    description: `${rewardType} reward`,
    sourceEventId: `source-${key}`,
  } satisfies RewardEarned['data'],
});

const revoked = (userId: string, key: string, points: number) => ({
  streamId: rewardsStream(userId),
  type: 'RewardRevoked' as const,
  data: {
    userId,
    rewardType: 'purchase',
    key,
    points,
    description: 'Purchase refunded',
    sourceEventId: `refund-${key}`,
  } satisfies RewardRevoked['data'],
});

describe.each(databaseTargets())('rewards projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, rewardsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps one row per reward earned, whoever earned it; applied twice, the same rows', async () => {
    const log = recordedLog([
      earned('u1', 'signup', 'signup', 10),
      earned('u2', 'signup', 'signup', 10),
      earned('u1', 'verification', 'verification', 20),
      earned('u1', 'purchase', 'purchase:t1', 15),
      revoked('u1', 'purchase:t1', 15),
    ]);
    const { rewards } = await spec.given(log, 2);
    expect(
      rewards!.map((row) => [row.id, row.user_id, row.type, row.points, Number(row.position)]).sort((a, b) => Number(a[4]) - Number(b[4])),
    ).toEqual([
      [log[0]!.id, 'u1', 'signup', 10, 1],
      [log[1]!.id, 'u2', 'signup', 10, 2],
      [log[2]!.id, 'u1', 'verification', 20, 3],
      [log[3]!.id, 'u1', 'purchase', 15, 4],
      // Points taken back: a negative row, so the sum is the total.
      [log[4]!.id, 'u1', 'purchase', -15, 5],
    ]);
  });
});
