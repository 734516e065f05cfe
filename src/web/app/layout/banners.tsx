import { useContext, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';

import { CloseIcon } from '@/components/ui/icons.js';
import { API_BASE } from '@/lib/api-client.js';
import { useBrowserStore } from '@/lib/browser-store.js';
import { readCookie, writeCookie } from '@/lib/browser-storage.js';
import { BANNERS, type BannerName } from '@/lib/shell-constants.js';
import { dismissedBannerNames, pageCookiesOf } from '@/lib/page-cookies.js';
import { ServerPageCookies } from '@/lib/ServerPageCookies.js';

/** The dismissed-banners cookie's value as this page knows it (undefined: not read yet). */
let dismissed: string | null | undefined;
const listeners = new Set<() => void>();

function current(): string | null {
  dismissed ??= pageCookiesOf(readCookie)[BANNERS.cookieName];
  return dismissed;
}

function dismiss(banner: BannerName): void {
  dismissed = dismissedBannerNames(`${current() ?? ''},${banner}`).join(',');
  writeCookie(BANNERS.cookieName, dismissed, BANNERS.days);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Both banners show until dismissed; the server draws them from the request's cookie, exactly as the browser will. */
export function useBannerShown(banner: BannerName): boolean {
  const serverCookies = useContext(ServerPageCookies);
  // In the browser the page was rendered with the cookie it holds: the value already read, not the cookie parsed again each render.
  const rendered = serverCookies === undefined ? current() : serverCookies[BANNERS.cookieName];
  const cookieValue = useBrowserStore(subscribe, current, rendered);
  return !dismissedBannerNames(cookieValue).includes(banner);
}

/**
 * The ×: once the app runs it dismisses here, without leaving the page; before that (or without
 * scripts) its form posts the dismissal, and the server sets the same cookie and draws the page again.
 */
function DismissButton({ banner, label }: { banner: BannerName; label: string }) {
  const { pathname, search } = useLocation();
  function dismissHere(event: MouseEvent) {
    event.preventDefault();
    dismiss(banner);
  }
  return (
    <form className="promo-banner__dismiss" method="post" action={`${API_BASE}${BANNERS.dismissPath}`}>
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <button type="submit" name="banner" value={banner} className="promo-banner__close" aria-label={label} onClick={dismissHere}>
        <CloseIcon />
      </button>
    </form>
  );
}

/** The selling banner: fixed above the navigation bar; the shell moves everything down by its 72 px while it shows. */
export function SellingBanner() {
  if (!useBannerShown('selling')) return null;
  return (
    <aside className="promo-banner promo-banner--selling" aria-label="Announcement" style={{ height: BANNERS.sellingBannerOffsetPx }}>
      <p className="promo-banner__text">{BANNERS.sellingText}</p>
      <Link to="/sellers" className="button button--light">
        {BANNERS.sellingButton}
      </Link>
      <DismissButton banner="selling" label="Dismiss the stores announcement" />
    </aside>
  );
}

/** The AI generator banner, under the navigation bar. */
export function AiBanner() {
  if (!useBannerShown('ai')) return null;
  return (
    <aside className="promo-banner promo-banner--ai" aria-label="New feature">
      <p className="promo-banner__text">{BANNERS.aiText}</p>
      <Link to="/" className="button button--light">
        {BANNERS.aiButton}
      </Link>
      <DismissButton banner="ai" label="Dismiss the AI generator announcement" />
    </aside>
  );
}
