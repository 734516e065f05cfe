import type { MouseEvent } from 'react';

import { formatPrice } from '@domain/catalogue/presentation.js';
import type { EngagedResourceView } from '@domain/engagement/views.js';
import { ExternalLinkIcon } from '@/components/ui/icons.js';
import { signedInOrLoginPrompt, useSession } from '@/lib/session.js';
import { openLoginPrompt } from '@/lib/client-state.js';
import { recordClick } from '../api.js';
import { BuyButton, PayPalButton } from '@/features/commerce/index.js';

interface SeeItOrBuyProps {
  resource: EngagedResourceView;
  /** The template's address, for members who may see it; null: it must be bought first. */
  link: string | null;
  engageable: boolean;
  /** Takes in the post's counts after a counted click. */
  accept: (fresh: EngagedResourceView) => void;
}

/** See it (for members; a counted click) or, for a paid post not bought yet, the ways to buy it. */
export function SeeItOrBuy({ resource, link, engageable, accept }: SeeItOrBuyProps) {
  const { user, loading } = useSession();

  async function onSeeIt(event: MouseEvent<HTMLAnchorElement>) {
    let viewer = user;
    if (loading) {
      // Who clicked is not known yet: a visitor gets the login prompt, a member the link once the session says so
      // (within the click's activation, so the browser still lets the tab open).
      event.preventDefault();
      const link = event.currentTarget.href;
      viewer = await signedInOrLoginPrompt();
      if (viewer !== null) window.open(link, '_blank', 'noopener,noreferrer');
    } else if (viewer === null) {
      event.preventDefault();
      openLoginPrompt();
    }
    if (viewer !== null && engageable)
      recordClick(resource._id).then(accept, (error: unknown) => console.error('The click was not counted', error));
  }

  return link !== null ? (
    <a
      className="button button--primary detail-actions__see"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => void onSeeIt(event)}
    >
      See it <ExternalLinkIcon />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <>
      <BuyButton resourceId={resource._id} priceText={formatPrice(resource.price)} />
      {resource.price > 0 && <PayPalButton resourceId={resource._id} />}
    </>
  );
}
