import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { commissionStatement } from '@domain/commerce/commission.js';
import { TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { accountTabHash } from '@domain/accounts/account-tabs.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { usePlatformFeePercent } from '@/lib/platform-fee.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

const PAGE_TITLE = 'How payments and payouts work';
const INTRO = `${BRAND_NAME} makers sell templates through our card payment provider, Stripe. This page explains how you connect a payout account, set prices, how buyers pay, when you are paid, and how refunds work.`;

/** The payout account's states as the Payments tab shows them (spec 4, Payout account; payout-account.ts). */
const PAYOUT_STATES = [
  {
    state: 'Not connected',
    text: 'You have no payout account yet. The Payments tab offers Connect to Stripe. You can list free templates, but not set prices.',
  },
  {
    state: 'Pending onboarding',
    text: 'Your payout account is open, but its details are not submitted yet. Complete Stripe Onboarding takes you back to the provider to finish them.',
  },
  {
    state: 'Connected',
    text: 'The provider has enabled charges: the tab shows Stripe Connected. You can set prices and buyers can pay you. Disconnect removes the account; your paid posts cannot be bought until you connect again.',
  },
  {
    state: 'Restricted',
    text: 'You submitted your details, but the provider does not let the account take payments yet. Continue Onboarding to give it what it asks for, or Start Fresh to drop this account and open a new one.',
  },
] as const;

const CONNECTING = `To sell, a verified member connects a payout account on the Payments tab of their account. Connect to Stripe opens the provider’s onboarding, where you enter your details and bank account; the provider then sends you back to the Payments tab, which shows the account’s state.`;

const PRICES = [
  `Prices are in US dollars, from $${TEMPLATE_LIMITS.minPaidPrice} to $${TEMPLATE_LIMITS.maxPrice}, in whole cents. A price of 0 makes the template free.`,
  'You can set a price when you create a post once your payout account is connected. To change the price of a post later, use Request price change on its edit page: an admin decides, and you get an e-mail either way.',
  'Buyers can show prices in another currency; they always pay the price in US dollars.',
] as const;

const BUYING = [
  'Card checkout: the buyer clicks Buy on the template’s page and pays on the provider’s secure checkout page. Back on the template’s page, it is marked Purchased and its link opens.',
  'PayPal: the buyer can also click Pay with PayPal, approve the payment on PayPal’s page, and the purchase is completed when they come back. If PayPal declines the funding source, the buyer is asked to approve the payment again.',
  'The price is always the one on the post when the buyer pays. Purchased templates are listed on the buyer’s Purchased Posts page.',
] as const;

const GETTING_PAID = [
  'A card payment goes to your payout account as soon as the buyer pays, less the provider’s card fee. When the money moves on to your bank depends on the provider’s payout schedule for your account.',
  'A payment with PayPal counts in your sales the same way. We e-mail you about every sale.',
] as const;

const REFUNDS = [
  'Whether a purchase is refunded is first between the buyer and the seller. If they cannot agree, either of them can contact us.',
  'Refunds are made by our admins and always give back the whole price, to the buyer’s card or PayPal account. The buyer loses access to the template, the sale no longer counts in your sales, and both of you get an e-mail.',
  'If a buyer pays twice for the same template, the second payment is refunded automatically.',
] as const;

const SALES =
  'The Sales page shows your total earnings, the products you sold, a chart of purchases by day (refunded payments left out) and the list of your payments. Its link is in your account menu once you have a payout account or a sale.';

function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="legal__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** /help/payments: the Payments tab's help link (browse-search-accounts.md), true to the commerce code it describes. */
export function PaymentsHelpPage() {
  const feePercent = usePlatformFeePercent();
  return (
    <div className="container content-page legal">
      <PageHead title={PAGE_TITLE} description={PAGE_DESCRIPTIONS.paymentsHelp} />
      <h1>{PAGE_TITLE}</h1>
      <p className="page-subtitle">{INTRO}</p>

      <HelpSection id="help-payments-connect" title="Connecting a payout account">
        <p>{CONNECTING}</p>
        <p>
          <Link to={`/account${accountTabHash('payments')}`}>Open the Payments tab</Link>
        </p>
      </HelpSection>
      <HelpSection id="help-payments-states" title="Payout account states">
        <dl className="help-states">
          {PAYOUT_STATES.map((entry) => (
            <div key={entry.state}>
              <dt>{entry.state}</dt>
              <dd>{entry.text}</dd>
            </div>
          ))}
        </dl>
      </HelpSection>
      <HelpSection id="help-payments-prices" title="Prices">
        {PRICES.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </HelpSection>
      <HelpSection id="help-payments-buying" title="How buyers pay">
        {BUYING.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </HelpSection>
      <HelpSection id="help-payments-paid" title="When you are paid">
        {GETTING_PAID.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </HelpSection>
      <HelpSection id="help-payments-refunds" title="Refunds">
        {REFUNDS.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p>
          <Link to="/contact-us">Contact us about a refund</Link>
        </p>
      </HelpSection>
      {feePercent !== null && (
        <HelpSection id="help-payments-commission" title="Commission">
          <p>{commissionStatement(feePercent, BRAND_NAME)}</p>
        </HelpSection>
      )}
      <HelpSection id="help-payments-sales" title="Seeing your sales">
        <p>{SALES}</p>
        <p>
          <Link to="/sales">Open your Sales page</Link>
        </p>
      </HelpSection>
    </div>
  );
}
