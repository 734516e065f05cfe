import { useId, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';

import { formatPrice, platformHue, platformLabel, shortDescriptionPreview } from '@domain/catalogue/presentation.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { resourcePath, userProfilePath } from '@/lib/paths.js';
import { responsiveImage } from '@/lib/responsive-image.js';
import { useResourceEngagement } from '../engagement.js';
import { useSession } from '@/lib/session.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { TagList } from '@/components/ui/TagList.js';
import { BookmarkIcon, HeartIcon } from '@/components/ui/icons.js';

/** The card picture's box (16:10, as the card's CSS draws it): the browser keeps its place before the picture arrives. */
const CARD_IMAGE = { width: 640, height: 400 } as const;
/**
 * How wide `.card-grid` draws a card (columns of at least 17.5rem, 1.5rem apart, in a container of
 * at most 1200 px less its gutters): one a row up to 615 px, two up to 935 px, then three (368 px).
 * The home feed beside its sidebar draws two of 402 px: the 400 px variant serves it too.
 */
export const CARD_IMAGE_SIZES =
  '(max-width: 615px) calc(100vw - 2rem), (max-width: 935px) calc(50vw - 2rem), (max-width: 1199px) calc(33vw - 2rem), 368px';

/**
 * `leadsPage`: the card is at the top of the page's first list, so its picture is likely the largest
 * thing on the first screen (the LCP): it loads at once and first, not lazily.
 */
export function ResourceCard({ resource: initial, leadsPage = false }: { resource: ResourceView; leadsPage?: boolean }) {
  const titleId = useId();
  const { resource, liked, saved, toggle } = useResourceEngagement(initial);
  const { author, ratings } = resource;
  // Marked by the signed-in user's paid list (browse-search-accounts.md, resource cards); hydration sees no session yet (useSession).
  const paid = useSession().user?.paid;
  const purchased = paid?.some((entry) => entry.resourceId === resource._id) ?? false;

  return (
    <article className="resource-card" aria-labelledby={titleId}>
      <ResourcePreview resource={resource} leadsPage={leadsPage} />
      {resource.sponsored && <span className="resource-card__sponsored">Sponsored</span>}

      <div className="resource-card__body">
        <Link className="resource-card__author" to={userProfilePath(author.username)}>
          <Avatar name={author.info.displayName ?? author.username} pictureUrl={author.info.thumbnail} />
          <span>{author.username}</span>
        </Link>

        <h3 className="resource-card__title" id={titleId}>
          <Link to={resourcePath(resource.titleUrl)}>{resource.title}</Link>
        </h3>
        <p className="resource-card__description">{shortDescriptionPreview(resource.description.short)}</p>

        <TagList keywords={resource.keywords} />
      </div>

      <footer className="resource-card__footer">
        <span className="resource-card__price" data-testid="resource-price">
          {formatPrice(resource.price)}
          {purchased && (
            <span className="resource-card__purchased" title="Purchased">
              <span aria-hidden="true"> ✓</span>
              <span className="visually-hidden"> (purchased)</span>
            </span>
          )}
        </span>
        <span className="resource-card__stats">
          <button type="button" className="resource-card__stat" aria-pressed={liked} title="Kudos" onClick={() => void toggle('like')}>
            <HeartIcon />
            {/* Named by what it shows ('12 kudos', pressed when given): a name that left out the number failed label-in-name. */}
            {ratings.positive}
            <span className="visually-hidden"> kudos</span>
          </button>
          <button type="button" className="resource-card__stat" aria-pressed={saved} title="Saves" onClick={() => void toggle('save')}>
            <BookmarkIcon />
            {ratings.saves}
            <span className="visually-hidden"> saves</span>
          </button>
        </span>
      </footer>
    </article>
  );
}

/**
 * The first screenshot, or a block in the platform's colour when there is none or it fails to load.
 * It repeats the title link, so it is left out of the tab order and of the accessibility tree.
 */
function ResourcePreview({ resource, leadsPage }: { resource: ResourceView; leadsPage: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  const imageUrl = resource.images[0]?.imageUrl;
  const placeholderStyle = { '--placeholder-hue': platformHue(resource.platform) } as CSSProperties;

  return (
    <Link className="resource-card__media" to={resourcePath(resource.titleUrl)} tabIndex={-1} aria-hidden="true">
      {imageUrl !== undefined && !imageFailed ? (
        <img
          {...responsiveImage(imageUrl, CARD_IMAGE_SIZES)}
          alt=""
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          loading={leadsPage ? 'eager' : 'lazy'}
          fetchPriority={leadsPage ? 'high' : 'auto'}
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      ) : (
        <span className="resource-card__placeholder" style={placeholderStyle}>
          {platformLabel(resource.platform)}
        </span>
      )}
    </Link>
  );
}
