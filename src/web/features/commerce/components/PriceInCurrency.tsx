import { useEffect, useId, useState } from 'react';

import { displayPrice, formatDisplayPrice, type RatesTable } from '@domain/commerce/exchange-rates.js';
import { DEFAULT_CURRENCY, DISPLAY_CURRENCY_CHOICES, isCurrency, type CurrencyCode } from '@domain/commerce/money.js';
import { apiRequest } from '@/lib/api-client.js';
import { readStoredJson, writeStoredJson } from '@/lib/browser-storage.js';

/** The buyer's display currency, remembered in this browser (spec: currency, default USD). */
const DISPLAY_CURRENCY_KEY = 'tessera.displayCurrency';

let ratesRequest: Promise<RatesTable> | null = null;
/** One rates request per page load; the server refreshes them at most daily anyway. */
function loadRates(): Promise<RatesTable> {
  ratesRequest ??= apiRequest<RatesTable>('/exchange-rates', { authFailures: 'silent' }).catch((error: unknown) => {
    ratesRequest = null;
    throw error;
  });
  return ratesRequest;
}

function storedCurrency(): CurrencyCode {
  const stored = readStoredJson<{ currency?: string }>(DISPLAY_CURRENCY_KEY, {}).currency;
  return stored && isCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

/**
 * A paid post's price in the buyer's chosen currency (USD, EUR, GBP, CAD, INR, JPY), converted with
 * the current rates; the charge itself stays in US dollars, which the note says.
 */
export function PriceInCurrency({ usd }: { usd: number }) {
  const id = useId();
  // US dollars first, as the server renders the page; the remembered currency once in the browser.
  const [currency, setCurrency] = useState<CurrencyCode>(DEFAULT_CURRENCY);
  const [rates, setRates] = useState<RatesTable | null>(null);

  useEffect(() => {
    setCurrency(storedCurrency());
  }, []);

  useEffect(() => {
    let live = true;
    loadRates().then(
      (table) => live && setRates(table),
      (error: unknown) => console.error('The exchange rates could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, []);

  function choose(next: string) {
    if (!isCurrency(next)) return;
    setCurrency(next);
    writeStoredJson(DISPLAY_CURRENCY_KEY, { currency: next });
  }

  const shown = rates && currency !== 'USD' ? displayPrice(usd, currency, rates.rates) : null;
  return (
    <div className="price-currency">
      <label htmlFor={id} className="visually-hidden">
        Show the price in
      </label>
      <select id={id} className="price-currency__select" value={currency} onChange={(event) => choose(event.target.value)}>
        {DISPLAY_CURRENCY_CHOICES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      {shown && shown.currency !== 'USD' && (
        <span className="price-currency__converted">
          ≈ {formatDisplayPrice(shown)} <span className="muted">(charged in USD)</span>
        </span>
      )}
    </div>
  );
}
