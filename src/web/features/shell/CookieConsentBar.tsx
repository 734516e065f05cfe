import { useState } from 'react';
import { Link } from 'react-router';

import { writeCookie } from './browser-storage.js';
import { COOKIE_CONSENT, type CookieConsent } from './constants.js';
import { usePageCookies } from './ServerPageCookies.js';

/** The consent states are unset, then all or essentials; the choice is kept in a cookie for 150 days. */
export function CookieConsentBar() {
  // Drawn with the page on the server, so a first visitor sees the bar with the page's first paint
  // (not after hydration, when it would be the page's last large paint).
  const [consent, setConsent] = useState<string | null>(usePageCookies()[COOKIE_CONSENT.cookieName]);
  if (consent === COOKIE_CONSENT.all || consent === COOKIE_CONSENT.essentials) return null;

  function choose(choice: CookieConsent) {
    writeCookie(COOKIE_CONSENT.cookieName, choice, COOKIE_CONSENT.days);
    setConsent(choice);
  }

  return (
    <section className="cookie-bar" aria-label="Cookie consent">
      <p className="cookie-bar__text">
        We use essential cookies to keep you signed in and, with your permission, analytics cookies to learn which templates people find useful.
        Read our <Link to="/cookie-policy">Cookie Policy</Link>.
      </p>
      <div className="cookie-bar__actions">
        <button type="button" className="button button--ghost" onClick={() => choose(COOKIE_CONSENT.essentials)}>
          Essentials Only
        </button>
        <button type="button" className="button button--primary" onClick={() => choose(COOKIE_CONSENT.all)}>
          Accept All
        </button>
      </div>
    </section>
  );
}
