import { Suspense, type ReactNode } from 'react';
import { Await, Link } from 'react-router';

import type { QuickLink, TrendingTool } from '@domain/discovery/curated.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { userProfilePath } from '@/lib/paths.js';
import type { TopContributor } from '../api.js';

/** The sidebar's three lists, as the home page's loader streams them. */
export interface SidebarLists {
  tools: Promise<TrendingTool[]>;
  links: Promise<QuickLink[]>;
  creators: Promise<TopContributor[]>;
}

const LOADING = (
  <div aria-busy="true">
    <div className="skeleton-line" />
    <div className="skeleton-line skeleton-line--short" />
  </div>
);

/** A titled list: skeleton lines while it loads; a list that fails is left empty (the failure is logged where it is fetched). */
function SideList<T>({ title, items, children }: { title: string; items: Promise<T[]>; children: (loaded: T[]) => ReactNode }) {
  return (
    <section className="side-card">
      <h2>{title}</h2>
      <Suspense fallback={LOADING}>
        <Await resolve={items} errorElement={<ul className="side-list" />}>
          {(loaded: T[]) => <ul className="side-list">{children(loaded)}</ul>}
        </Await>
      </Suspense>
    </section>
  );
}

/** The home sidebar: trending web tools, quick links, the checklist (signed in) and top creators. */
export function HomeSidebar({ lists, checklist }: { lists: SidebarLists; checklist?: ReactNode }) {
  return (
    <aside className="home-sidebar" aria-label="Sidebar">
      {checklist}
      <SideList title="Trending web tools" items={lists.tools}>
        {(tools) =>
          tools.map((tool) => (
            <li key={tool.name}>
              <a href={tool.link} target="_blank" rel="noreferrer" className="side-list__item">
                <Avatar name={tool.name} pictureUrl={tool.img} />
                <span>
                  <strong>{tool.name}</strong>
                  <span className="muted side-list__text">{tool.description}</span>
                </span>
              </a>
            </li>
          ))
        }
      </SideList>
      <SideList title="Quick links" items={lists.links}>
        {(links) =>
          links.map((link) => (
            <li key={link.name}>
              <Link to={link.link} className="side-list__item">
                {link.name}
              </Link>
            </li>
          ))
        }
      </SideList>
      <SideList title="Top creators" items={lists.creators}>
        {(creators) =>
          creators.map((creator) => (
            <li key={creator._id}>
              <Link to={userProfilePath(creator.username)} className="side-list__item">
                <Avatar name={creator.username} pictureUrl={creator.info.thumbnail} />
                <span>
                  <strong>{creator.username}</strong>
                  <span className="muted side-list__text">{creator.postCount} templates</span>
                </span>
              </Link>
            </li>
          ))
        }
      </SideList>
    </aside>
  );
}
