import { createContext, useContext, useState } from 'react';
import { Link } from 'react-router';

import { readCookie, writeCookie } from './browser-storage.js';
import { COOKIE_CONSENT, type CookieConsent } from './constants.js';

/**
 * On the server, the consent cookie the request came with (null: none); absent in the browser,
 * which reads its own. Both sides draw the same bar, so a first visitor sees it with the page's
 * first paint (not after hydration, when it would be the page's last large paint) and a visitor
 * who has chosen never sees it flash.
 */
export const ServerCookieConsent = createContext<string | null | undefined>(undefined);

/** The consent states are unset, then all or essentials; the choice is kept in a cookie for 150 days. */
export function CookieConsentBar() {
  const serverConsent = useContext(ServerCookieConsent);
  const [consent, setConsent] = useState<string | null>(() => (serverConsent === undefined ? readCookie(COOKIE_CONSENT.cookieName) : serverConsent));
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
