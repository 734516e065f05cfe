import { Suspense, type CSSProperties } from 'react';
import { Await, Link, redirect, useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { platformHue } from '@domain/catalogue/presentation.js';
import { APPS, entryNamed } from '@domain/catalogue/taxonomy.js';
import {
  APPS_HEADING,
  APPS_LOAD_FAILED,
  CREATE_FIRST_RESOURCE,
  CREATE_FIRST_TEMPLATE,
  HIDDEN_PLATFORM,
  LIST_PAGE_SIZE,
  NO_PLATFORM_RESOURCES,
} from '@domain/discovery/constants.js';
import { Pagination } from '@/components/ui/Pagination.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { fetchPlatformCounts, type PlatformEntry } from '@/features/discovery/api.js';
import { useCreateGate } from '@/features/discovery/viewer.js';
import '@/features/discovery/discovery.css';
import { searchResources, type SearchAnswer } from '@/features/search/api.js';
import { lastPageInstead, searchPageAddress } from '@/features/search/search-state.js';
import { appPath } from '@/lib/paths.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

export function appsLoader({ request }: LoaderFunctionArgs) {
  return {
    platforms: fetchPlatformCounts(request.signal).then((platforms) => platforms.filter((platform) => platform.name !== HIDDEN_PLATFORM)),
  };
}

export function AppsPage() {
  const { platforms } = useLoaderData<typeof appsLoader>();
  const create = useCreateGate();
  return (
    <div className="container browse-page">
      <PageHead title="Apps" description={PAGE_DESCRIPTIONS.apps} />
      <header className="browse-page__header">
        <h1>{APPS_HEADING}</h1>
      </header>
      <Suspense
        fallback={
          <div className="spinner" role="status">
            <span className="visually-hidden">Loading apps…</span>
          </div>
        }
      >
        <Await resolve={platforms} errorElement={<AppsFailed />}>
          {(loaded: PlatformEntry[]) => (
            <ul className="platform-grid">
              {loaded.map((platform) => (
                <li key={platform.name}>
                  <Link
                    className="platform-card"
                    to={appPath(platform.name)}
                    onClick={(event) => {
                      // An app without templates invites its first one instead.
                      if (platform.count > 0) return;
                      event.preventDefault();
                      create(`/create?app=${encodeURIComponent(platform.name)}`);
                    }}
                  >
                    <span
                      className="platform-badge platform-badge--large"
                      style={{ '--placeholder-hue': platformHue(platform.name) } as CSSProperties}
                      aria-hidden="true"
                    >
                      {platform.label.charAt(0)}
                    </span>
                    <span className="platform-card__label">{platform.label}</span>
                    <span className="platform-card__count muted">
                      {platform.count > 0 ? `${platform.count} Templates` : CREATE_FIRST_TEMPLATE}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Await>
      </Suspense>
    </div>
  );
}

function AppsFailed() {
  const revalidator = useRevalidator();
  return (
    <div className="feed-error" role="alert">
      <p>{APPS_LOAD_FAILED}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        Retry
      </button>
    </div>
  );
}

export async function appLoader({ params, request }: LoaderFunctionArgs) {
  const app = entryNamed(APPS, params.platform ?? '');
  if (!app) throw redirect('/404');
  const url = new URL(request.url);
  // Another case or the label (/apps/Google%20Sheets), as /search/tag/ takes them, moves to the app's own address, query kept.
  if (app.name !== params.platform) throw redirect(`${appPath(app.name)}${url.search}`);
  const page = Number(url.searchParams.get('page'));
  const results = searchResources(
    { platform: app.name, sort: 'date_desc', page: Number.isInteger(page) && page > 1 ? page : 1, limit: LIST_PAGE_SIZE },
    request.signal,
  );
  if (page > 1) {
    // A page past the end (a stale or typed address) would be blank, without pagination to leave it: show the last page, as search does.
    const answer = await results.catch(() => null);
    const lastPage = answer === null ? null : lastPageInstead(answer.pagination);
    if (lastPage !== null) throw redirect(searchPageAddress(url, lastPage));
  }
  return { app, results };
}

export function AppPage() {
  const { app, results } = useLoaderData<typeof appLoader>();
  const create = useCreateGate();
  const [, setSearchParams] = useSearchParams();
  return (
    <div className="container browse-page browse-page--with-menu">
      <PageHead title={`${app.label} Templates`} description={PAGE_DESCRIPTIONS.app(app.label)} />
      <div>
        <header className="browse-page__header">
          <h1>{app.label} Templates</h1>
        </header>
        {/* Above the cards' h3 titles. */}
        <h2 className="visually-hidden">Templates</h2>
        <Suspense
          fallback={
            <div className="spinner" role="status">
              <span className="visually-hidden">Loading…</span>
            </div>
          }
        >
          <Await
            resolve={results}
            errorElement={
              <p className="feed-error" role="alert">
                We couldn't load these templates right now.
              </p>
            }
          >
            {(answer: SearchAnswer) =>
              answer.pagination.totalItems === 0 ? (
                <div className="empty-state">
                  <p>{NO_PLATFORM_RESOURCES}</p>
                  <button type="button" className="button button--primary" onClick={() => create('/create')}>
                    {CREATE_FIRST_RESOURCE}
                  </button>
                </div>
              ) : (
                <>
                  <ul className="card-grid">
                    {answer.data.map((resource) => (
                      <li key={resource._id}>
                        <ResourceCard resource={resource} />
                      </li>
                    ))}
                  </ul>
                  {answer.pagination.totalItems > LIST_PAGE_SIZE && (
                    <Pagination
                      pageNumbers={answer.pagination.pageNumbers}
                      pageStatus={answer.pagination.pageStatus}
                      onPage={(page) => setSearchParams({ page: String(page) })}
                    />
                  )}
                </>
              )
            }
          </Await>
        </Suspense>
      </div>
      <nav className="browse-side-nav" aria-label="Apps">
        <h2>Apps</h2>
        <ul>
          {APPS.map((entry) => (
            <li key={entry.name}>
              <Link to={appPath(entry.name)} aria-current={entry.name === app.name ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
