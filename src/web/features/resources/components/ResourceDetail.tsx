import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useRevalidator } from 'react-router';

import { formatPrice, platformLabel } from '@domain/catalogue/presentation.js';
import { DETAIL_PAGE } from '@domain/engagement/rules.js';
import { isEngageable } from '@domain/templates/lifecycle.js';
import type { ResourceDetailAnswer } from '@domain/engagement/views.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { StatusBadge } from '@/components/ui/StatusBadge.js';
import { BookmarkIcon, ExternalLinkIcon, FlagIcon, HeartIcon, LinkIcon, ShareIcon } from '@/components/ui/icons.js';
import { TagList } from '@/components/ui/TagList.js';
import { showToast } from '@/components/ui/toasts.js';
import { resourcePath, tagSearchPath, userProfilePath } from '@/lib/paths.js';
import { signedInOrLoginPrompt, useSession } from '@/lib/session.js';
import { openLoginPrompt } from '@/lib/client-state.js';
import { recordClick, recordView } from '../api.js';
import { useResourceEngagement } from '../engagement.js';
import { CommentsSection } from './CommentsSection.js';
import { OwnerPanel } from './OwnerPanel.js';
import { RelatedResources, type RelatedLists } from './RelatedResources.js';
import { ReportModal } from './ReportModal.js';
import { Screenshots } from './Screenshots.js';
import { BuyButton, PayPalButton, PayPalReturn, PriceInCurrency, PurchaseResultModal } from '@/features/commerce/index.js';
import './detail.css';
import { usePageOrigin } from '@/lib/page-origin.js';

const PUBLISHED_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/** /resources/{titleUrl} once the post is known to be visible to this viewer (spec 2.3). */
export function ResourceDetail({ detail, related, forViewer }: { detail: ResourceDetailAnswer; related: RelatedLists; forViewer: boolean }) {
  const { user, loading } = useSession();
  // The page came for nobody; until the viewer's own state is filled in (the session, then the loader
  // again), a toggle would act on the anonymous state and the late answer would undo its count. The
  // session and the loader's new answer arrive in separate renders: between them the buttons must not
  // come on for a moment (a click then would land on a button about to turn off again).
  const revalidation = useRevalidator().state;
  const viewerStatePending = loading || revalidation === 'loading' || (user !== null && !forViewer);
  const engagement = useResourceEngagement(detail.data);
  const { resource, liked, saved, flagged, pending, toggle, accept } = engagement;
  const { permissions } = detail;
  const [reporting, setReporting] = useState(false);
  const viewCounted = useRef(false);
  const longLines = resource.description.long.split('\n').filter((line) => line.trim() !== '');
  const engageable = isEngageable(resource.status);

  // One view per visit of the page (a post under review counts none: nobody else can see it).
  useEffect(() => {
    if (viewCounted.current || !engageable) return;
    viewCounted.current = true;
    recordView(resource._id).then(accept, (error: unknown) => console.error('The view was not counted', error));
  }, [resource._id, engageable, accept]);

  async function openReport() {
    if ((await signedInOrLoginPrompt()) !== null) setReporting(true);
  }

  async function onSeeIt(event: MouseEvent<HTMLAnchorElement>) {
    let viewer = user;
    if (loading) {
      // Who clicked is not known yet: a visitor gets the login prompt, a member the link once the session says so
      // (within the click's activation, so the browser still lets the tab open).
      event.preventDefault();
      const link = event.currentTarget.href;
      viewer = await signedInOrLoginPrompt();
      if (viewer !== null) window.open(link, '_blank', 'noopener,noreferrer');
    } else if (viewer === null) {
      event.preventDefault();
      openLoginPrompt();
    }
    if (viewer !== null && engageable) recordClick(resource._id).then(accept, (error: unknown) => console.error('The click was not counted', error));
  }

  return (
    <div className="container detail-page">
      {/* The description and social card tags come with the page from the server (src/api/page-meta.ts). */}
      <title>{detail.meta.title}</title>

      <div className="detail-page__grid">
        <article className="detail-main" aria-labelledby="detail-title">
          <header className="detail-main__header">
            <div className="detail-main__badges">
              <Link className="tag" to={tagSearchPath(resource.platform)}>
                {platformLabel(resource.platform)}
              </Link>
              {resource.sponsored && <span className="detail-badge detail-badge--sponsored">Sponsored</span>}
              {detail.data.purchased && <span className="detail-badge detail-badge--purchased">Purchased</span>}
              {!engageable && <StatusBadge label={detail.data.statusLabel} />}
            </div>
            <h1 id="detail-title">{resource.title}</h1>
            <p className="detail-main__byline">
              <Link to={userProfilePath(resource.author.username)} className="detail-main__author">
                <Avatar name={resource.author.info.displayName ?? resource.author.username} pictureUrl={resource.author.info.thumbnail} />
                <span>{resource.author.info.displayName ?? resource.author.username}</span>
              </Link>
              <span aria-hidden="true">·</span>
              <time dateTime={resource.createdAt}>{PUBLISHED_FORMAT.format(new Date(resource.createdAt))}</time>
            </p>
          </header>

          <Screenshots images={resource.images} title={resource.title} platform={resource.platform} />

          <section className="detail-main__description" aria-label="Description">
            <p className="detail-main__short">{resource.description.short}</p>
            {longLines.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </section>

          <TagList keywords={resource.keywords} />
        </article>

        <aside className="detail-side" aria-label="Actions">
          <section className="detail-panel detail-actions">
            <p className="detail-actions__price">{formatPrice(resource.price)}</p>
            {resource.price > 0 && <PriceInCurrency usd={resource.price} />}
            {detail.data.link !== null ? (
              <a className="button button--primary detail-actions__see" href={detail.data.link} target="_blank" rel="noopener noreferrer" onClick={(event) => void onSeeIt(event)}>
                See it <ExternalLinkIcon />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <>
                <BuyButton resourceId={resource._id} priceText={formatPrice(resource.price)} />
                {resource.price > 0 && <PayPalButton resourceId={resource._id} />}
              </>
            )}
            {detail.data.purchasedRevision !== null && detail.data.purchasedRevision !== detail.data.revision && (
              <p className="detail-actions__note">You bought an earlier version of this post: See it opens the version you paid for.</p>
            )}

            {engageable && (
              <div className="detail-actions__toggles">
                <button type="button" className="detail-toggle" aria-pressed={liked} aria-busy={pending.has('like')} disabled={viewerStatePending} onClick={() => void toggle('like')}>
                  <HeartIcon /> <span>Kudos</span> <span className="detail-toggle__count">{resource.ratings.positive}</span>
                </button>
                <button type="button" className="detail-toggle" aria-pressed={saved} aria-busy={pending.has('save')} disabled={viewerStatePending} onClick={() => void toggle('save')}>
                  <BookmarkIcon /> <span>{saved ? 'Saved' : 'Save'}</span> <span className="detail-toggle__count">{resource.ratings.saves}</span>
                </button>
                {!permissions.isAuthor && (
                  <button type="button" className="detail-toggle detail-toggle--flag" aria-pressed={flagged} aria-busy={pending.has('flag')} disabled={viewerStatePending} onClick={() => void toggle('flag')}>
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
