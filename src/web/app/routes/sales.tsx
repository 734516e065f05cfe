import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Await, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { salesByDay } from '@domain/commerce/sales.js';
import { RECEIVED_BY_TEXT, owedByPlatformNotice } from '@domain/commerce/statement.js';
import { accountTabHash } from '@domain/accounts/account-tabs.js';
import type { CurrentUser } from '@domain/accounts/current-user.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { fetchSalesData, type SalesData } from '@/features/commerce/api.js';
import { SalesChart } from '@/features/commerce/components/SalesChart.js';
import { LoadFailed } from '@/features/member-lists/components/MemberListLayout.js';
import { documentTitle } from '@/lib/brand.js';
import '@/features/discovery/discovery.css';
import '@/features/commerce/sales.css';

// The statement's table and form load when the seller opens it, not with the page.
const StatementPanel = lazy(() => import('@/features/commerce/components/StatementPanel.js'));

const PAYMENT_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dollars = (amount: number) => `$${amount.toFixed(2)}`;

export async function salesLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  return { seller: user.seller, sales: fetchSalesData(request.signal) };
}

/** /sales (spec 2.4): tiles, the Insights chart, tallies and the payments list. Not indexed. */
export function SalesPage() {
  const { seller, sales } = useLoaderData<typeof salesLoader>();
  return (
    <div className="container sales-page">
      <title>{documentTitle('Sales')}</title>
      <meta name="robots" content="noindex" />
      <h1>Sales</h1>
      <Suspense fallback={<SalesLoading seller={seller} />}>
        <Await resolve={sales} errorElement={<LoadFailed />}>
          {(answer: SalesData) => <SalesBody sales={answer} />}
        </Await>
      </Suspense>
    </div>
  );
}

const TILE_LABELS = ['Total earnings', 'Products sold', 'Products created', 'Revenue'] as const;
const NO_SALES_YET = 'No sales yet: the chart fills in with your first one.';

function PayoutNotice() {
  return (
    <p className="sales-page__notice">
      {COMMERCE_MESSAGES.activateStore}: <Link to={`/account${accountTabHash('payments')}`}>connect a payout account</Link>.
    </p>
  );
}

function SalesTiles({ values }: { values: readonly ReactNode[] }) {
  return (
    <ul className="sales-tiles" aria-label="Totals">
      {TILE_LABELS.map((label, index) => (
        <li key={label} className="sales-tile">
          <span className="sales-tile__label">{label}</span>
          <strong className="sales-tile__value">{values[index]}</strong>
        </li>
      ))}
    </ul>
  );
}

/**
 * The page's frame while the sales load, as the session says it will be filled (a payout account, sales
 * made): drawn as one line, the page's footer showed under it and was pushed away when they came.
 */
function SalesLoading({ seller }: { seller: CurrentUser['seller'] }) {
  const value = <span className="skeleton-line" />;
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">Loading your sales…</span>
      {!seller.hasPayoutAccount && <PayoutNotice />}
      <SalesTiles values={TILE_LABELS.map(() => value)} />
      <section className="sales-section" aria-hidden="true">
        <div className="sales-section__head">
          <h2>Insights</h2>
          <span className="button button--secondary">Hide Insights</span>
        </div>
        <div className="sales-section__views">
          <span className="button button--ghost">Purchases</span>
          <span className="button button--ghost">Payments</span>
        </div>
        {seller.hasSales ? <div className="sales-chart skeleton-block" /> : <p className="muted">{NO_SALES_YET}</p>}
        <p className="sales-tallies">&nbsp;</p>
      </section>
      <section className="sales-section" aria-hidden="true">
        <h2>Payments</h2>
        {seller.hasSales ? <p className="sales-payment">&nbsp;</p> : <p className="muted">{COMMERCE_MESSAGES.noPayments}</p>}
      </section>
      <section className="sales-section" aria-hidden="true">
        <div className="sales-section__head">
          <h2>Statement</h2>
          <span className="button button--secondary">Show Statement</span>
        </div>
      </section>
    </div>
  );
}

function SalesBody({ sales }: { sales: SalesData }) {
  const [insights, setInsights] = useState(true);
  const [view, setView] = useState<'purchases' | 'payments'>('purchases');
  const days = salesByDay(sales.salesData);
  const tallies = [
    ['Views', sales.views],
    ['Kudos', sales.kudos],
    ['Comments', sales.comments],
    ['Saves', sales.saves],
  ] as const;
  return (
    <>
      {!sales.hasPayoutAccount && <PayoutNotice />}
      <SalesTiles
        values={[dollars(sales.totalEarnings), String(sales.productsSold), String(sales.productsCreated), dollars(sales.revenue)]}
      />
      {sales.owedByPlatform > 0 && <p className="sales-page__notice">{owedByPlatformNotice(dollars(sales.owedByPlatform))}</p>}

      <section className="sales-section" aria-labelledby="insights-heading">
        <div className="sales-section__head">
          <h2 id="insights-heading">Insights</h2>
          <button type="button" className="button button--secondary" aria-expanded={insights} onClick={() => setInsights(!insights)}>
            {insights ? 'Hide Insights' : 'Show Insights'}
          </button>
        </div>
        {insights && (
          <>
            <div className="sales-section__views" role="group" aria-label="Chart">
              <button
                type="button"
                className="button button--ghost"
                aria-pressed={view === 'purchases'}
                onClick={() => setView('purchases')}
              >
                Purchases
              </button>
              <button type="button" className="button button--ghost" aria-pressed={view === 'payments'} onClick={() => setView('payments')}>
                Payments
              </button>
            </div>
            {days.length === 0 ? <p className="muted">{NO_SALES_YET}</p> : <SalesChart days={days} view={view} />}
          </>
        )}
        <ul className="sales-tallies" aria-label="Your posts">
          {tallies.map(([label, value]) => (
            <li key={label}>
              <strong>{value}</strong> {label}
            </li>
          ))}
        </ul>
      </section>

      <section className="sales-section" aria-labelledby="payments-heading">
        <h2 id="payments-heading">Payments</h2>
        {sales.paymentData.length === 0 ? (
          <p className="muted">{COMMERCE_MESSAGES.noPayments}</p>
        ) : (
          <ul className="sales-payments">
            {sales.paymentData.map((payment) => (
              <li key={payment.id} className="sales-payment">
                <span className="sales-payment__what">{payment.description}</span>
                <time dateTime={payment.date}>{PAYMENT_DATE.format(new Date(payment.date))}</time>
                <span
                  className={
                    payment.status === 'refunded' ? 'sales-payment__amount sales-payment__amount--refunded' : 'sales-payment__amount'
                  }
                >
                  {dollars(payment.amount)} {payment.currency}
                  {payment.platformFee > 0 && ` · platform fee ${dollars(payment.platformFee)}`}
                  {payment.status === 'refunded' && ' · Refunded'}
                  {payment.receivedBy === 'platform' && ` · ${RECEIVED_BY_TEXT.platform}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <StatementSection />
    </>
  );
}

function StatementSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className="sales-section" aria-labelledby="statement-heading">
      <div className="sales-section__head">
        <h2 id="statement-heading">Statement</h2>
        <button type="button" className="button button--secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide Statement' : 'Show Statement'}
        </button>
      </div>
      {open && (
        <Suspense fallback={<p role="status">Loading your statement…</p>}>
          <StatementPanel />
        </Suspense>
      )}
    </section>
  );
}
