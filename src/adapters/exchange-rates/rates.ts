import { cleanRates, RATES_REFRESH_MS, SHIPPED_RATES, type RatesTable } from '../../domain/commerce/exchange-rates.js';
import { SUPPORTED_CURRENCIES } from '../../domain/commerce/money.js';

/** The exchange-rate port: the table to display prices with (display only; charges stay in the post's currency). */
export interface ExchangeRateSource {
  readonly description: string;
  current(): Promise<RatesTable>;
}

/** A feed that takes too long is skipped until the next refresh; the last table stays. */
const FEED_TIMEOUT_MS = 5_000;

/**
 * The shipped table, refreshed from EXCHANGE_RATES_URL at most once a day when it is set: the feed is
 * asked `?from=USD&to=EUR,GBP,…` and answers `{ rates: { EUR: 0.92, … } }` (the Frankfurter / ECB
 * shape). A failed or odd answer keeps the table we have and is tried again after the next day starts.
 */
export function createExchangeRateSource(
  options: { feedUrl?: string; now?: () => number; log?: (line: string) => void } = {},
): ExchangeRateSource {
  const now = options.now ?? Date.now;
  let table: RatesTable = SHIPPED_RATES;
  let checkedAt: number | null = null;
  let pending: Promise<RatesTable> | null = null;

  async function refresh(feedUrl: string): Promise<RatesTable> {
    checkedAt = now();
    try {
      const url = new URL(feedUrl);
      url.searchParams.set('from', 'USD');
      url.searchParams.set('to', SUPPORTED_CURRENCIES.filter((code) => code !== 'USD').join(','));
      const response = await fetch(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const rates = cleanRates(((await response.json()) as { rates?: unknown }).rates);
      // Only the known ones are replaced: a currency the feed leaves out keeps its last rate.
      table = { base: 'USD', rates: { ...table.rates, ...rates }, asOf: new Date(checkedAt).toISOString(), source: 'feed' };
    } catch (error) {
      options.log?.(
        `exchange rates: the feed could not be read (${error instanceof Error ? error.message : String(error)}); keeping the rates of ${table.asOf}`,
      );
    }
    return table;
  }

  return {
    description: options.feedUrl ? `feed ${new URL(options.feedUrl).host}, refreshed daily` : 'shipped table',
    current() {
      const feedUrl = options.feedUrl;
      if (!feedUrl) return Promise.resolve(table);
      if (checkedAt !== null && now() - checkedAt < RATES_REFRESH_MS) return Promise.resolve(table);
      pending ??= refresh(feedUrl).finally(() => (pending = null));
      return pending;
    },
  };
}
