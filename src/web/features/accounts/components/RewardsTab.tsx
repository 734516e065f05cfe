import { useEffect, useState } from 'react';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { pointsLabel, REWARDS_EMPTY_TEXT, signedPointsLabel } from '@domain/rewards/constants.js';
import { fetchRewards, type RewardsAnswer } from '../api.js';
import { parseRewardsAnswer } from '../rewards.js';

type RewardsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; rewards: RewardsAnswer };

const DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The rewards tab: total points and the history (spec section 2). */
export function RewardsTab({ userId }: { userId: string }) {
  const [state, setState] = useState<RewardsState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchRewards(userId, controller.signal).then(
      (answer) => {
        const rewards = parseRewardsAnswer(answer);
        setState(rewards ? { status: 'loaded', rewards } : { status: 'failed', message: ACCOUNT_MESSAGES.rewardsInvalidData });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(ACCOUNT_MESSAGES.rewardsLoadFailed, error);
        setState({ status: 'failed', message: ACCOUNT_MESSAGES.rewardsLoadFailed });
      },
    );
    return () => controller.abort();
  }, [userId]);

  if (state.status === 'loading')
    return (
      <p className="muted" aria-busy="true">
        Loading your rewards…
      </p>
    );
  if (state.status === 'failed')
    return (
      <p className="form-alert form-alert--danger" role="alert">
        {state.message}
      </p>
    );

  const { total, rewards } = state.rewards;
  return (
    <section aria-labelledby="rewards-heading">
      <h2 id="rewards-heading" className="rewards-total">
        <span className="rewards-total__value">{pointsLabel(total)}</span>
      </h2>
      {rewards.length === 0 ? (
        <p className="muted">{REWARDS_EMPTY_TEXT}</p>
      ) : (
        <ol className="rewards-history" aria-label="Reward history">
          {rewards.map((reward) => (
            <li key={reward._id} className="rewards-history__item">
              <span>{reward.description}</span>
              <span className="rewards-history__value">{signedPointsLabel(reward.value)}</span>
              <time className="muted" dateTime={reward.timestamp}>
                {DATE_FORMAT.format(new Date(reward.timestamp))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
