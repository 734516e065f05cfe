import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { REWARDS_EMPTY_TEXT } from '@domain/rewards/constants.js';
import { RewardHistory, RewardsWidget } from './RewardsWidget.js';

const entry = (value: number) => ({ _id: `r${value}`, value, description: 'Opened a template', timestamp: '2026-11-28T04:00:00.000Z' });

describe('rewards widget', () => {
  it("says 'point' for 1 and 'points' otherwise, in the total and each entry", () => {
    expect(renderToStaticMarkup(<RewardsWidget total={1} history={[entry(1)]} />)).toMatch(/>1 point<\/button>[\s\S]*>\+1 point</u);
    expect(renderToStaticMarkup(<RewardsWidget total={27} history={[entry(25), entry(2)]} />)).toMatch(
      />27 points<\/button>[\s\S]*>\+25 points<[\s\S]*>\+2 points</u,
    );
  });

  it('names, with no history yet, the actions that do earn points (as the rewards tab does)', () => {
    expect(renderToStaticMarkup(<RewardHistory history={[]} />)).toContain(REWARDS_EMPTY_TEXT);
  });
});
