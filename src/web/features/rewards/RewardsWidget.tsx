import { useId } from 'react';

import type { RewardEntry } from '@domain/accounts/current-user.js';
import { pointsLabel, REWARDS_EMPTY_TEXT, signedPointsLabel } from '@domain/rewards/constants.js';
import { useDisclosure } from '@/lib/use-disclosure.js';

/** The newest entries the popover lists; the account page's rewards tab has them all. */
export const REWARD_HISTORY_SHOWN = 8;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The reward history, newest first. */
export function RewardHistory({ history }: { history: readonly RewardEntry[] }) {
  if (history.length === 0) return <p className="muted">{REWARDS_EMPTY_TEXT}</p>;
  const newestFirst = [...history].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, REWARD_HISTORY_SHOWN);
  return (
    <ul className="reward-history">
      {newestFirst.map((entry) => (
        <li key={entry._id} className="reward-history__entry">
          <span>{entry.description}</span>
          <span className="reward-history__value">{signedPointsLabel(entry.value)}</span>
          <time className="muted" dateTime={entry.timestamp}>
            {dateFormat.format(new Date(entry.timestamp))}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** The navbar's points total, with a popover of the history. */
export function RewardsWidget({ total, history }: { total: number; history: readonly RewardEntry[] }) {
  const popoverId = useId();
  const { open, toggle, containerRef, triggerRef } = useDisclosure<HTMLDivElement>();
  return (
    <div className="rewards-widget" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className="rewards-widget__button"
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={toggle}
      >
        {pointsLabel(total)}
      </button>
      <div id={popoverId} className="popover rewards-widget__popover" hidden={!open}>
        <h2 className="popover__title">Reward history</h2>
        <RewardHistory history={history} />
      </div>
    </div>
  );
}
