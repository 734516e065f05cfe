import { Suspense } from 'react';
import { Await, Link, redirect, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { entryNamed, TOPICS } from '@domain/catalogue/taxonomy.js';
import {
  CREATE_FIRST_RESOURCE,
  LIST_PAGE_SIZE,
  NO_TOPIC_RESOURCES,
  TOPIC_PAGE_FETCH_LIMIT,
  TOPICS_REQUEST_LIMIT,
  TOPICS_SUBTITLE,
} from '@domain/discovery/constants.js';
import { Pagination } from '@/components/ui/Pagination.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { fetchTopicRows, type TopicRow } from '@/features/discovery/api.js';
import { Carousel } from '@/features/discovery/components/Carousel.js';
import { TemplateTile } from '@/features/discovery/components/TemplateTile.js';
import { useCreateGate } from '@/features/discovery/viewer.js';
import '@/features/discovery/discovery.css';
import { searchResources, type SearchAnswer } from '@/features/search/api.js';
import { topicPath } from '@/lib/paths.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

export function topicsLoader({ request }: LoaderFunctionArgs) {
  return { rows: fetchTopicRows(TOPICS_REQUEST_LIMIT, request.signal) };
}

export function TopicsPage() {
  const { rows } = useLoaderData<typeof topicsLoader>();
  const create = useCreateGate();
  return (
    <div className="container browse-page">
      <PageHead title="Topics" description={PAGE_DESCRIPTIONS.topics} />
      <header className="browse-page__header">
        <h1>Topics</h1>
        <p className="muted">{TOPICS_SUBTITLE}</p>
      </header>
      <Suspense
        fallback={
          <div className="spinner" role="status">
            <span className="visually-hidden">Loading topics…</span>
          </div>
        }
      >
        <Await
          resolve={rows}
          errorElement={
            <p className="feed-error" role="alert">
              We couldn't load the topics right now.
            </p>
          }
        >
          {(loaded: TopicRow[]) => (
            <div className="topic-rows">
              {loaded.map(({ topic, resources }) => (
                <section key={topic.name} className="topic-row" aria-labelledby={`topic-${topic.name}`}>
                  <div className="topic-row__head">
                    <h2 id={`topic-${topic.name}`}>{topic.label}</h2>
                    <Link to={topicPath(topic.name)}>View All {topic.label} Templates &gt;</Link>
                  </div>
                  {resources.length === 0 ? (
                    <div className="empty-state">
                      <p>Be the first to create a {topic.label} resource!</p>
                      <button type="button" className="button button--primary" onClick={() => create('/create', { topic: topic.name })}>
                        Create Template
                      </button>
                    </div>
                  ) : (
                    <Carousel
                      label={`${topic.label} templates`}
                      items={resources}
                      itemKey={(resource) => resource._id}
                      renderItem={(resource) => <TemplateTile resource={resource} />}
                    />
                  )}
                </section>
              ))}
            </div>
          )}
        </Await>
      </Suspense>
    </div>
  );
}

export function topicLoader({ params, request }: LoaderFunctionArgs) {
  const topic = entryNamed(TOPICS, params.topic ?? '');
  if (!topic) {
    console.error(params.topic ? `Unknown topic ${params.topic}` : 'Topic is undefined.');
    throw redirect('/404');
  }
  // Another case or the label (/topics/AI), as /search/tag/ takes them, moves to the topic's own address, query kept.
  if (topic.name !== params.topic) throw redirect(`${topicPath(topic.name)}${new URL(request.url).search}`);
  return { topic, results: searchResources({ topic: topic.name, sort: 'date_desc', limit: TOPIC_PAGE_FETCH_LIMIT }, request.signal) };
}

export function TopicPage() {
  const { topic, results } = useLoaderData<typeof topicLoader>();
  const create = useCreateGate();
  return (
    <div className="container browse-page browse-page--with-menu">
      <PageHead title={`${topic.label} Resources`} description={PAGE_DESCRIPTIONS.topic(topic.label)} />
      <div>
        <header className="browse-page__header">
          <h1>{topic.label} Resources</h1>
          <p>Explore resources for {topic.label}.</p>
          <p className="muted">A collection of ready-to-use tools and templates made by a community of makers.</p>
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
                We couldn't load these resources right now.
              </p>
            }
          >
            {(answer: SearchAnswer) =>
              answer.data.length === 0 ? (
                <div className="empty-state">
                  <p>{NO_TOPIC_RESOURCES}</p>
                  <button type="button" className="button button--primary" onClick={() => create('/create', { topic: topic.name })}>
                    {CREATE_FIRST_RESOURCE}
                  </button>
                </div>
              ) : (
                <PagedResources answer={answer} />
              )
            }
          </Await>
        </Suspense>
      </div>
      <nav className="browse-side-nav" aria-label="Other topics">
        <h2>Other topics</h2>
        <ul>
          {TOPICS.filter((entry) => entry.name !== topic.name).map((entry) => (
            <li key={entry.name}>
              <Link to={topicPath(entry.name)}>{entry.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * Up to 100 resources fetched at once, shown 10 a page; pagination only above 10 in total.
 * The page is in the address (?page=, as on app pages), so a reload or Back shows the same page;
 * one past the end (a stale or typed address) shows the last.
 */
function PagedResources({ answer }: { answer: SearchAnswer }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const total = answer.data.length;
  const totalPages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const asked = Number(searchParams.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? Math.min(asked, totalPages) : 1;
  const setPage = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});
  const shown = answer.data.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
  return (
    <>
      <ul className="card-grid">
        {shown.map((resource) => (
          <li key={resource._id}>
            <ResourceCard resource={resource} />
          </li>
        ))}
      </ul>
      {total > LIST_PAGE_SIZE && (
        <Pagination
          pageStatus={`${page} / ${totalPages}`}
          pageNumbers={{
            first: page > 1 ? 1 : null,
            prev: page > 1 ? page - 1 : null,
            next: page < totalPages ? page + 1 : null,
            last: page < totalPages ? totalPages : null,
          }}
          onPage={setPage}
        />
      )}
    </>
  );
}
