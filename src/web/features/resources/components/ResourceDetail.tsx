import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';

import { formatPrice } from '@domain/catalogue/presentation.js';
import { DETAIL_PAGE } from '@domain/engagement/rules.js';
import { isEngageable } from '@domain/templates/lifecycle.js';
import type { EngagedResourceView, ResourceDetailAnswer } from '@domain/engagement/views.js';
import { BookmarkIcon, FlagIcon, HeartIcon, LinkIcon, ShareIcon } from '@/components/ui/icons.js';
import { showToast } from '@/components/ui/toasts.js';
import { resourcePath } from '@/lib/paths.js';
import { signedInOrLoginPrompt, useSession } from '@/lib/session.js';
import { recordView } from '../api.js';
import { useResourceEngagement } from '../engagement.js';
import { CommentsSection } from './CommentsSection.js';

/** The changelog and a buyer's version choice: a chunk of its own, fetched after the page is drawn. */
const VersionsPanel = lazy(() => import('./VersionsPanel.js'));
import { OwnerPanel } from './OwnerPanel.js';
import { RelatedResources, type RelatedLists } from './RelatedResources.js';
import { ReportModal } from './ReportModal.js';
import { ResourceDetailMain } from './ResourceDetailMain.js';
import { SeeItOrBuy } from './SeeItOrBuy.js';
import { PayPalReturn, PriceInCurrency, PurchaseResultModal } from '@/features/commerce/index.js';
import './detail.css';
import { usePageOrigin } from '@/lib/page-origin.js';

/** /resources/{titleUrl} once the post is known to be visible to this viewer (spec 2.3). */
export function ResourceDetail({
  detail,
  related,
  forViewer,
}: {
  detail: ResourceDetailAnswer;
  related: RelatedLists;
  forViewer: boolean;
}) {
  const viewerStatePending = useViewerStatePending(forViewer);
  const engagement = useResourceEngagement(detail.data);
  const { resource, liked, saved, flagged, pending, toggle, accept } = engagement;
  const { permissions } = detail;
  const [reporting, setReporting] = useState(false);
  const engageable = isEngageable(resource.status);
  useViewCount(resource._id, engageable, accept);

  async function openReport() {
    if ((await signedInOrLoginPrompt()) !== null) setReporting(true);
  }

  return (
    <div className="container detail-page">
      {/* The description and social card tags come with the page from the server (src/api/page-meta.ts). */}
      <title>{detail.meta.title}</title>

      <div className="detail-page__grid">
        <ResourceDetailMain resource={resource} detail={detail.data} engageable={engageable} />

        <aside className="detail-side" aria-label="Actions">
          <section className="detail-panel detail-actions">
            <p className="detail-actions__price">{formatPrice(resource.price)}</p>
            {resource.price > 0 && <PriceInCurrency usd={resource.price} />}
            <SeeItOrBuy resource={resource} link={detail.data.link} engageable={engageable} accept={accept} />
            {detail.data.purchasedRevision !== null && detail.data.purchasedRevision !== detail.data.revision && (
              <p className="detail-actions__note">You bought an earlier version of this post: See it opens the version you paid for.</p>
            )}

            {engageable && (
              <div className="detail-actions__toggles">
                <button
                  type="button"
                  className="detail-toggle"
                  aria-pressed={liked}
                  aria-busy={pending.has('like')}
                  disabled={viewerStatePending}
                  onClick={() => void toggle('like')}
                >
                  <HeartIcon /> <span>Kudos</span> <span className="detail-toggle__count">{resource.ratings.positive}</span>
                </button>
                <button
                  type="button"
                  className="detail-toggle"
                  aria-pressed={saved}
                  aria-busy={pending.has('save')}
                  disabled={viewerStatePending}
                  onClick={() => void toggle('save')}
                >
                  <BookmarkIcon /> <span>{saved ? 'Saved' : 'Save'}</span>{' '}
                  <span className="detail-toggle__count">{resource.ratings.saves}</span>
                </button>
                {!permissions.isAuthor && (
                  <button
                    type="button"
                    className="detail-toggle detail-toggle--flag"
                    aria-pressed={flagged}
                    aria-busy={pending.has('flag')}
                    disabled={viewerStatePending}
                    onClick={() => void toggle('flag')}
                  >
                    <FlagIcon /> <span>{flagged ? 'Flagged' : 'Flag'}</span>
                  </button>
                )}
              </div>
            )}

            <div className="detail-actions__sharing">
              <CopyLinkButton titleUrl={resource.titleUrl} />
              <ShareMenu titleUrl={resource.titleUrl} shareText={detail.data.shareText} />
            </div>

            {engageable && !permissions.isAuthor && (
              <button type="button" className="detail-actions__report" onClick={() => void openReport()}>
                Report this post
              </button>
            )}
          </section>

          {permissions.canEdit && <OwnerPanel resource={{ ...detail.data, ...resource }} permissions={permissions} />}
        </aside>

        {engageable && (
          <Suspense fallback={null}>
            <VersionsPanel resourceId={resource._id} saved={saved} />
          </Suspense>
        )}
        {engageable && <CommentsSection resourceId={resource._id} />}
      </div>

      <PayPalReturn />
      <PurchaseResultModal resourceId={resource._id} />
      {permissions.canReport && reporting && <ReportModal resourceId={resource._id} open onClose={() => setReporting(false)} />}

      <RelatedResources type="author" resources={related.author} />
      <RelatedResources type="related" resources={related.related} />
    </div>
  );
}

/**
 * The page came for nobody; until the viewer's own state is filled in (the session, then the loader
 * again), a toggle would act on the anonymous state and the late answer would undo its count. The
 * session and the loader's new answer arrive in separate renders: between them the buttons must not
 * come on for a moment (a click then would land on a button about to turn off again).
 */
function useViewerStatePending(forViewer: boolean): boolean {
  const { user, loading } = useSession();
  const revalidation = useRevalidator().state;
  return loading || revalidation === 'loading' || (user !== null && !forViewer);
}

/** One view per visit of the page (a post under review counts none: nobody else can see it). */
function useViewCount(resourceId: string, engageable: boolean, accept: (fresh: EngagedResourceView) => void) {
  const viewCounted = useRef(false);
  useEffect(() => {
    if (viewCounted.current || !engageable) return;
    viewCounted.current = true;
    recordView(resourceId).then(accept, (error: unknown) => console.error('The view was not counted', error));
  }, [resourceId, engageable, accept]);
}

function absoluteResourceUrl(titleUrl: string): string {
  return new URL(resourcePath(titleUrl), window.location.origin).toString();
}

/** Copies the post's address; 'Copied!' shows for a second (spec 2.3). */
function CopyLinkButton({ titleUrl }: { titleUrl: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), DETAIL_PAGE.copyFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(absoluteResourceUrl(titleUrl));
      setCopied(true);
    } catch (error) {
      console.error(error);
      showToast('error', 'The link could not be copied. Copy it from the address bar instead.');
    }
  }

  return (
    <button type="button" className="button button--ghost" onClick={() => void copy()}>
      <LinkIcon /> <span aria-live="polite">{copied ? 'Copied!' : 'Copy link'}</span>
    </button>
  );
}

/** Share links for the usual networks and e-mail; plain links, so nothing loads from them until clicked. */
function ShareMenu({ titleUrl, shareText }: { titleUrl: string; shareText: string }) {
  const url = `${usePageOrigin()}${resourcePath(titleUrl)}`;
  const encodedUrl = encodeURIComponent(url);
  const encodedText = encodeURIComponent(shareText);
  const targets = [
    ['X', `https://twitter.com/intent/tweet?text=${encodedText}&url=${encodedUrl}`],
    ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`],
    ['E-mail', `mailto:?subject=${encodedText}&body=${encodedUrl}`],
  ] as const;

  return (
    <details className="share-menu">
      <summary className="button button--ghost">
        <ShareIcon /> Share
      </summary>
      <ul>
        {targets.map(([label, href]) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noopener noreferrer">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
