import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';

import { API_BASE } from '@/lib/api-client.js';
import { writeCookie } from '@/lib/browser-storage.js';
import { COOKIE_CONSENT, type CookieConsent } from '@/lib/shell-constants.js';
import { usePageCookies } from '@/lib/ServerPageCookies.js';

/**
 * Gives the page's scroll padding (shell.css) the bar's height while it shows, so that focus moved
 * by keyboard stops above the bar instead of behind it; the height changes with the width and text size.
 */
function shareHeight(bar: HTMLElement) {
  const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--cookie-bar-height', `${bar.offsetHeight}px`));
  observer.observe(bar);
  return () => observer.disconnect();
}

/** The consent states are unset, then all or essentials; the choice is kept in a cookie for 150 days. */
export function CookieConsentBar() {
  // Drawn with the page on the server, so a first visitor sees the bar with the page's first paint
  // (not after hydration, when it would be the page's last large paint).
  const [consent, setConsent] = useState<string | null>(usePageCookies()[COOKIE_CONSENT.cookieName]);
  const { pathname, search } = useLocation();
  if (consent === COOKIE_CONSENT.all || consent === COOKIE_CONSENT.essentials) return null;

  // Once the app runs, the choice is made here without leaving the page; before that, the form posts it.
  function choose(event: MouseEvent, choice: CookieConsent) {
    event.preventDefault();
    writeCookie(COOKIE_CONSENT.cookieName, choice, COOKIE_CONSENT.days);
    setConsent(choice);
  }

  return (
    <section className="cookie-bar" aria-label="Cookie consent" ref={shareHeight}>
      <p className="cookie-bar__text">
        We use essential cookies to keep you signed in and, with your permission, analytics cookies to learn which templates people find
        useful. Read our <Link to="/cookie-policy">Cookie Policy</Link>.
      </p>
      <form className="cookie-bar__actions" method="post" action={`${API_BASE}${COOKIE_CONSENT.formPath}`}>
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <button
          type="submit"
          name="consent"
          value={COOKIE_CONSENT.essentials}
          className="button button--ghost"
          onClick={(event) => choose(event, COOKIE_CONSENT.essentials)}
        >
          Essentials Only
        </button>
        <button
          type="submit"
          name="consent"
          value={COOKIE_CONSENT.all}
          className="button button--primary"
          onClick={(event) => choose(event, COOKIE_CONSENT.all)}
        >
          Accept All
        </button>
      </form>
    </section>
  );
}
