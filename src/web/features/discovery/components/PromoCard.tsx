import { Link } from 'react-router';

import { PROMO_CLAIM_PEOPLE } from '@domain/discovery/constants.js';
import { COMMISSION_SENTENCE, commissionMention, usePlatformFeePercent } from '@/lib/platform-fee.js';
import { useCreateGate, type ViewerSummary } from '../viewer.js';

/** How the card to start selling ends, after "Set a price on your templates". */
const PRICING_COMMISSION = { beta: ' — no commission during beta.', charged: (perSale: string) => ` — ${perSale}.`, unstated: '.' };

/** The card injected into a feed: join (signed out), become a creator (no posts yet) or start selling. */
export function PromoCard({ viewer }: { viewer: ViewerSummary | null }) {
  const create = useCreateGate();
  const feePercent = usePlatformFeePercent();
  if (viewer === null) {
    return (
      <aside className="promo-card" aria-label="Join the community">
        <h3>Share what you build</h3>
        <p>{`Join ${PROMO_CLAIM_PEOPLE} makers sharing ready-to-use templates.${commissionMention(feePercent, COMMISSION_SENTENCE)}`}</p>
        <Link to="/signup" className="button button--primary">
          Sign up
        </Link>
      </aside>
    );
  }
  if (viewer.postCount === 0) {
    return (
      <aside className="promo-card" aria-label="Become a creator">
        <h3>Become a creator</h3>
        <p>Publish your first template and let the community use it.</p>
        <button type="button" className="button button--primary" onClick={() => create('/create')}>
          Submit template
        </button>
      </aside>
    );
  }
  return (
    <aside className="promo-card" aria-label="Start selling">
      <h3>Start Selling</h3>
      <p>{`Set a price on your templates${commissionMention(feePercent, PRICING_COMMISSION)}`}</p>
      <button type="button" className="button button--primary" onClick={() => create('/sellers')}>
        Start Selling
      </button>
    </aside>
  );
}
