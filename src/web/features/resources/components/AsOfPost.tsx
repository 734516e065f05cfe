import { Link } from 'react-router';

import { formatPrice } from '@domain/catalogue/presentation.js';
import type { ResourceDetailAnswer } from '@domain/engagement/views.js';
import { asOfStanding, type PostAsOf } from '@domain/templates/as-of.js';
import { statusLabel } from '@domain/templates/lifecycle.js';
import { VERSION_MESSAGES } from '@domain/templates/versions.js';
import { formatDateTime } from '@/lib/date-time.js';
import { resourcePath } from '@/lib/paths.js';
import { useSession } from '@/lib/session.js';
import { AsOfPicker } from './AsOfPicker.js';
import { ResourceDetailMain } from './ResourceDetailMain.js';
import './detail.css';
import { PostFigures } from './PostFigures.js';

/** Why the post could not be shown as of the moment asked; `unasked`: drawn by the server, which asks for nobody. */
export interface AsOfRefusal {
  titleUrl: string;
  status: number | 'unasked';
  message: string;
}

/** The page of a post as it was at a past moment: its content, status and counts then, under a banner that says so. */
export function AsOfPost({ detail, asOf }: { detail: ResourceDetailAnswer; asOf: PostAsOf }) {
  const { content, counts } = asOf;
  const resource = {
    ...detail.data,
    title: content.title,
    description: { short: content.description, long: content.instructions },
    images: content.imageUrls.map((imageUrl) => ({ imageUrl })),
    keywords: content.keywords,
    price: content.price,
    sponsored: asOf.sponsored,
    ratings: { ...detail.data.ratings, positive: counts.likes, saves: counts.saves, redFlags: counts.redFlags },
    comments: counts.comments,
  };
  const figures = [
    ['Kudos', counts.likes],
    ['Saves', counts.saves],
    ['Red flags', counts.redFlags],
    ['Comments', counts.comments],
    ['Buyers', counts.buyers],
  ] as const;
  return (
    <div className="container detail-page">
      <title>{`${content.title} as it was`}</title>
      <AsOfBanner titleUrl={detail.data.titleUrl} asOf={asOf} />
      <div className="detail-page__grid">
        <ResourceDetailMain resource={resource} detail={{ ...detail.data, statusLabel: statusLabel(asOf.status) }} engageable={false} />
        <aside className="detail-side" aria-label="Then">
          <section className="detail-panel">
            <p className="detail-actions__price">{formatPrice(content.price)}</p>
            <p className="detail-owner__link">
              Template link then: <a href={content.url}>{content.url}</a>
            </p>
            <PostFigures label="Counts then" figures={figures} />
            <AsOfPicker key={asOf.at} titleUrl={detail.data.titleUrl} initial={asOf.at} />
          </section>
        </aside>
      </div>
    </div>
  );
}

function AsOfBanner({ titleUrl, asOf }: { titleUrl: string; asOf: PostAsOf }) {
  return (
    <div className="as-of-banner" role="status">
      <p>
        <strong>
          As it was on <time dateTime={asOf.at}>{formatDateTime(asOf.at)}</time>
        </strong>{' '}
        — {asOfStanding(asOf)}
      </p>
      <Link className="button button--secondary" to={resourcePath(titleUrl)}>
        Back to now
      </Link>
    </div>
  );
}

/** The moment could not be shown: the reason, a way back to the post now, and another moment to try. */
export function AsOfRefused({ refusal }: { refusal: AsOfRefusal }) {
  const { user, loading } = useSession();
  const waiting = refusal.status === 'unasked' && (loading || user !== null);
  const message = refusal.status === 'unasked' ? VERSION_MESSAGES.asOfForbidden : refusal.message;
  return (
    <div className="container detail-page">
      <title>The post as it was</title>
      <section className="empty-state detail-missing">
        {waiting ? (
          <p role="status">Loading the post as it was…</p>
        ) : (
          <>
            <h1>The post as it was</h1>
            <p role="alert">{message}</p>
            {refusal.status !== 403 && refusal.status !== 'unasked' && <AsOfPicker titleUrl={refusal.titleUrl} />}
            <Link to={resourcePath(refusal.titleUrl)} className="button button--primary">
              Back to now
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
