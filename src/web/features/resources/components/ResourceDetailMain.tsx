import { Link } from 'react-router';

import { platformLabel } from '@domain/catalogue/presentation.js';
import type { EngagedResourceView, ResourceDetailAnswer } from '@domain/engagement/views.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { StatusBadge } from '@/components/ui/StatusBadge.js';
import { TagList } from '@/components/ui/TagList.js';
import { tagSearchPath, userProfilePath } from '@/lib/paths.js';
import { Screenshots } from './Screenshots.js';

const PUBLISHED_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

interface ResourceDetailHeaderProps {
  resource: EngagedResourceView;
  detail: ResourceDetailAnswer['data'];
  engageable: boolean;
}

/** The post itself: its header, screenshots, description and tags. */
export function ResourceDetailMain({ resource, detail, engageable }: ResourceDetailHeaderProps) {
  const longLines = resource.description.long.split('\n').filter((line) => line.trim() !== '');
  return (
    <article className="detail-main" aria-labelledby="detail-title">
      <ResourceDetailHeader resource={resource} detail={detail} engageable={engageable} />

      <Screenshots images={resource.images} title={resource.title} platform={resource.platform} />

      <section className="detail-main__description" aria-label="Description">
        <p className="detail-main__short">{resource.description.short}</p>
        {longLines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </section>

      <TagList keywords={resource.keywords} />
    </article>
  );
}

/** The post's badges (app, sponsored, purchased, status while not public), title, author and date. */
function ResourceDetailHeader({ resource, detail, engageable }: ResourceDetailHeaderProps) {
  return (
    <header className="detail-main__header">
      <div className="detail-main__badges">
        <Link className="tag" to={tagSearchPath(resource.platform)}>
          {platformLabel(resource.platform)}
        </Link>
        {resource.sponsored && <span className="detail-badge detail-badge--sponsored">Sponsored</span>}
        {detail.purchased && <span className="detail-badge detail-badge--purchased">Purchased</span>}
        {!engageable && <StatusBadge label={detail.statusLabel} />}
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
  );
}
