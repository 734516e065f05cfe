import { useId, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';

import { formatPrice, platformHue, platformLabel } from '@domain/catalogue/presentation.js';
import { CREATED_POSTS_TEXTS } from '@domain/templates/rules.js';
import { resourcePath } from '@/lib/paths.js';
import { responsiveImage } from '@/lib/responsive-image.js';
import type { CreatedPost } from '../api.js';
import { StatusBadge } from '@/components/ui/StatusBadge.js';

/** One of the user's own posts: screenshot, title, status and the way to edit it (spec 2.7). */
export function CreatedPostRow({ post }: { post: CreatedPost }) {
  const titleId = useId();
  return (
    <article className="post-row created-post" aria-labelledby={titleId}>
      <PostThumbnail post={post} />
      <div className="created-post__body">
        <h2 className="created-post__title" id={titleId}>
          <Link to={resourcePath(post.titleUrl)}>{post.title}</Link>
        </h2>
        <p className="created-post__meta">
          <StatusBadge label={post.statusLabel} />
          <span className="muted">
            {platformLabel(post.platform)} · {formatPrice(post.price)}
          </span>
        </p>
      </div>
      <Link
        to={post.editUrl}
        className="button button--secondary created-post__edit"
        aria-label={`${CREATED_POSTS_TEXTS.edit} ${post.title}`}
      >
        {CREATED_POSTS_TEXTS.edit}
      </Link>
    </article>
  );
}

/** The thumbnail column of a created post's row (--post-row-thumbnail-width). */
const CREATED_POST_THUMBNAIL_SIZES = '7.5rem';

/** The first screenshot, or a block in the platform's colour when there is none or it fails to load (as on cards). */
function PostThumbnail({ post }: { post: CreatedPost }) {
  const [imageFailed, setImageFailed] = useState(false);
  const imageUrl = post.images[0]?.imageUrl;
  const placeholderStyle = { '--placeholder-hue': platformHue(post.platform) } as CSSProperties;
  return (
    <Link className="created-post__thumbnail" to={resourcePath(post.titleUrl)} tabIndex={-1} aria-hidden="true">
      {imageUrl !== undefined && !imageFailed ? (
        <img
          {...responsiveImage(imageUrl, CREATED_POST_THUMBNAIL_SIZES)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      ) : (
        <span className="resource-card__placeholder created-post__placeholder" style={placeholderStyle}>
          {platformLabel(post.platform)}
        </span>
      )}
    </Link>
  );
}

export function CreatedPostRowSkeleton() {
  return (
    <div className="post-row created-post created-post--skeleton">
      <div className="created-post__thumbnail skeleton-block" />
      <div className="created-post__body">
        <div className="skeleton-line skeleton-line--title" />
        <div className="skeleton-line skeleton-line--short" />
      </div>
      {/* The Edit button's place: under the row on a phone, where it makes the row taller. */}
      <div className="created-post__edit created-post__edit--skeleton skeleton-block" />
    </div>
  );
}
