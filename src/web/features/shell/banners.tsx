import { Link } from 'react-router';

import { CloseIcon } from '../../components/ui/icons.js';
import { useBrowserStore } from '../../lib/browser-store.js';
import { readStoredJson, writeStoredJson } from './browser-storage.js';
import { BANNERS } from './constants.js';

type BannerName = 'selling' | 'ai';
type DismissedBanners = Record<BannerName, boolean>;

/** What the server renders (it cannot see the visitor's storage): both banners; a dismissal applies right after hydration. */
const NONE_DISMISSED: DismissedBanners = { selling: false, ai: false };

/** Both banners show by default; a dismissal is remembered in localStorage. */
let dismissed: DismissedBanners | null = null;
const listeners = new Set<() => void>();

function current(): DismissedBanners {
  // Nothing stored: the very object the server rendered with, so hydration has nothing to redraw.
  dismissed ??= readStoredJson<DismissedBanners>(BANNERS.storageKey, NONE_DISMISSED);
  return dismissed;
}

function dismiss(banner: BannerName): void {
  dismissed = { ...current(), [banner]: true };
  writeStoredJson(BANNERS.storageKey, dismissed);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDismissedBanners(): DismissedBanners {
  return useBrowserStore(subscribe, current, NONE_DISMISSED);
}

/** The selling banner: fixed above the navigation bar; the shell moves everything down by its 72 px while it shows. */
export function SellingBanner() {
  if (useDismissedBanners().selling) return null;
  return (
    <aside className="promo-banner promo-banner--selling" aria-label="Announcement" style={{ height: BANNERS.sellingBannerOffsetPx }}>
      <p className="promo-banner__text">
        {BANNERS.sellingText}
      </p>
      <Link to="/sellers" className="button button--light">
        {BANNERS.sellingButton}
      </Link>
      <button type="button" className="promo-banner__close" aria-label="Dismiss the stores announcement" onClick={() => dismiss('selling')}>
        <CloseIcon />
      </button>
    </aside>
  );
}

/** The AI generator banner, under the navigation bar. */
export function AiBanner() {
  if (useDismissedBanners().ai) return null;
  return (
    <aside className="promo-banner promo-banner--ai" aria-label="New feature">
      <p className="promo-banner__text">
        {BANNERS.aiText}
      </p>
      <Link to="/" className="button button--light">
        {BANNERS.aiButton}
      </Link>
      <button type="button" className="promo-banner__close" aria-label="Dismiss the AI generator announcement" onClick={() => dismiss('ai')}>
        <CloseIcon />
      </button>
    </aside>
  );
}
