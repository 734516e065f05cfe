import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { readCookie, writeCookie } from './browser-storage.js';
import { COOKIE_CONSENT, type CookieConsent } from './constants.js';

/** The consent states are unset, then all or essentials; the choice is kept in a cookie for 150 days. */
export function CookieConsentBar() {
  // undefined until the browser has read the cookie: a server-rendered page shows no bar, so a
  // visitor who has chosen never sees it flash, and a first visitor gets it right after hydration.
  const [consent, setConsent] = useState<string | null | undefined>(undefined);
  useEffect(() => setConsent(readCookie(COOKIE_CONSENT.cookieName)), []);
  if (consent === undefined || consent === COOKIE_CONSENT.all || consent === COOKIE_CONSENT.essentials) return null;

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
