import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import type { QuickLink, TrendingTool } from '../../../../domain/discovery/curated.js';
import { Avatar } from '../../../components/ui/Avatar.js';
import { userProfilePath } from '../../../lib/paths.js';
import { fetchQuickLinks, fetchTopContributors, fetchTrendingTools, type TopContributor } from '../api.js';

/** Loads a sidebar list once; a failure is logged and leaves the list out. */
function useList<T>(load: (signal: AbortSignal) => Promise<T[]>, what: string): T[] | null {
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(setItems, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error(`Could not load ${what}`, error);
      setItems([]);
    });
    return () => controller.abort();
  }, [load, what]);
  return items;
}

function SideList({ title, loading, children }: { title: string; loading: boolean; children: ReactNode }) {
  return (
    <section className="side-card">
      <h2>{title}</h2>
      {loading ? (
        <div aria-busy="true">
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </div>
      ) : (
        <ul className="side-list">{children}</ul>
      )}
    </section>
  );
}

/** The home sidebar: trending web tools, quick links, the checklist (signed in) and top creators. */
export function HomeSidebar({ checklist }: { checklist?: ReactNode }) {
  const tools = useList<TrendingTool>(fetchTrendingTools, 'trending tools');
  const links = useList<QuickLink>(fetchQuickLinks, 'quick links');
  const creators = useList<TopContributor>(fetchTopContributors, 'top creators');
  return (
    <aside className="home-sidebar" aria-label="Sidebar">
      {checklist}
      <SideList title="Trending web tools" loading={tools === null}>
        {tools?.map((tool) => (
          <li key={tool.name}>
            <a href={tool.link} target="_blank" rel="noreferrer" className="side-list__item">
              <Avatar name={tool.name} pictureUrl={tool.img} />
              <span>
                <strong>{tool.name}</strong>
                <span className="muted side-list__text">{tool.description}</span>
              </span>
            </a>
          </li>
        ))}
      </SideList>
      <SideList title="Quick links" loading={links === null}>
        {links?.map((link) => (
          <li key={link.name}>
            <Link to={link.link} className="side-list__item">
              {link.name}
            </Link>
          </li>
        ))}
      </SideList>
      <SideList title="Top creators" loading={creators === null}>
        {creators?.map((creator) => (
          <li key={creator._id}>
            <Link to={userProfilePath(creator.username)} className="side-list__item">
              <Avatar name={creator.username} pictureUrl={creator.info.thumbnail} />
              <span>
                <strong>{creator.username}</strong>
                <span className="muted side-list__text">{creator.postCount} templates</span>
              </span>
            </Link>
          </li>
        ))}
      </SideList>
    </aside>
  );
}
