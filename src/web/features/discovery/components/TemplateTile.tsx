import type { CSSProperties } from 'react';
import { Link } from 'react-router';

import { platformHue, platformLabel } from '../../../../domain/catalogue/presentation.js';
import type { ResourceView } from '../../../../domain/catalogue/resource-view.js';
import { appPath, resourcePath } from '../../../lib/paths.js';

/** A compact template: its picture (or the platform's colour), the platform and the title, each a link. */
export function TemplateTile({ resource }: { resource: ResourceView }) {
  const imageUrl = resource.images[0]?.imageUrl;
  const placeholder = { '--placeholder-hue': platformHue(resource.platform) } as CSSProperties;
  return (
    <article className="template-tile">
      <Link to={resourcePath(resource.titleUrl)} className="template-tile__media" tabIndex={-1} aria-hidden="true">
        {imageUrl ? <img src={imageUrl} alt="" loading="lazy" /> : <span className="resource-card__placeholder" style={placeholder}>{platformLabel(resource.platform)}</span>}
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
