import type { CSSProperties } from 'react';
import { Link } from 'react-router';

import { platformHue, platformLabel } from '@domain/catalogue/presentation.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { appPath, resourcePath } from '@/lib/paths.js';
import { responsiveImage } from '@/lib/responsive-image.js';

/**
 * How wide a carousel slide draws a tile: one a slide under 575 px, two under 992 px, then three
 * in a container of at most 1200 px less its gutters and the arrows' 2.75rem each side.
 */
export const TILE_IMAGE_SIZES =
  '(max-width: 574px) calc(100vw - 2rem), (max-width: 991px) calc(50vw - 1.5rem), (max-width: 1199px) calc(33vw - 3.5rem), 344px';

/** A compact template: its picture (or the platform's colour), the platform and the title, each a link. */
export function TemplateTile({ resource }: { resource: ResourceView }) {
  const imageUrl = resource.images[0]?.imageUrl;
  const placeholder = { '--placeholder-hue': platformHue(resource.platform) } as CSSProperties;
  return (
    <article className="template-tile">
      <Link to={resourcePath(resource.titleUrl)} className="template-tile__media" tabIndex={-1} aria-hidden="true">
        {imageUrl ? (
          <img {...responsiveImage(imageUrl, TILE_IMAGE_SIZES)} alt="" loading="lazy" />
        ) : (
          <span className="resource-card__placeholder" style={placeholder}>
            {platformLabel(resource.platform)}
          </span>
        )}
      </Link>
      <div className="template-tile__body">
        <Link to={appPath(resource.platform)} className="platform-badge" style={placeholder} title={platformLabel(resource.platform)}>
          {platformLabel(resource.platform).charAt(0)}
          <span className="visually-hidden">{platformLabel(resource.platform)}</span>
        </Link>
        <Link to={resourcePath(resource.titleUrl)} className="template-tile__title">
          {resource.title}
        </Link>
      </div>
    </article>
  );
}
