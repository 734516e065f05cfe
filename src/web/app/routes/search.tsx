import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Await, Link, redirect, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';

import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import {
  ADVERT_BUTTON,
  ADVERT_TEXT,
  ADVERT_TITLE,
  POPULAR_CHIP_SCROLL_STEP_PX,
  POPULAR_CHIP_SKELETONS,
  REQUEST_TEMPLATE_TEXT,
  SEARCH_DEBOUNCE_MS,
  SEARCH_FAILED,
  SEARCH_PAGE_TITLE,
  searchResultsCount,
} from '@domain/discovery/constants.js';
import { CardGridSkeleton } from '@/components/ui/CardSkeleton.js';
import { Pagination, useScrollAfterPageChange } from '@/components/ui/Pagination.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { CloseIcon, SearchIcon } from '@/components/ui/icons.js';
import { fetchPopularTerms, recordSearch, searchOrRefusal, type RefusedSearch, type SearchAnswer } from '@/features/search/api.js';
import {
  filtersFromLocation,
  lastPageInstead,
  normaliseTyping,
  searchHeading,
  searchLocation,
  searchPageAddress,
  SORT_OPTIONS,
  withinSearchLimit,
  type SearchFilterState,
  type SearchPathKind,
} from '@/features/search/search-state.js';
import { loginRedirectForRequest } from '@/lib/request-template.js';
import '@/features/discovery/discovery.css';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

const PATH_KINDS: readonly SearchPathKind[] = ['tag', 'query', 'popular'];

export async function searchLoader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.split('/')[2] as SearchPathKind | undefined;
  const path = kind !== undefined && PATH_KINDS.includes(kind) && params.term ? { kind, term: params.term } : undefined;
  const filters = filtersFromLocation(url.searchParams, path);
  const results = searchOrRefusal(filters, request.signal);
  if (filters.page > 1) {
    // A page past the end (a typed or stale address) moves to the last page, on the server as in the
    // browser; only beyond page 1, where it can happen, does the page wait for its results.
    const outcome = await results.catch(() => null);
    const lastPage = outcome === null || 'refused' in outcome ? null : lastPageInstead(outcome.pagination);
    if (lastPage !== null) throw redirect(searchPageAddress(url, lastPage));
  }
  return {
    filters,
    pathTerm: path?.term ?? '',
    results,
    // Popular searches are a nicety: a failure is logged and shows no chips.
    popular: fetchPopularTerms(filters.q, request.signal).catch((error: unknown) => {
      if (!request.signal.aborted) console.error('Could not load popular searches', error);
      return [] as string[];
    }),
  };
}

export function SearchPage() {
  const { filters, pathTerm, results, popular } = useLoaderData<typeof searchLoader>();
  const navigate = useNavigate();
  const location = useLocation();
  const resultsRef = useRef<HTMLElement>(null);
  useScrollAfterPageChange(resultsRef, filters.page);
  // On phones the filters wait in a drawer, so the results are on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const searched = (filters.q || pathTerm).trim();

  const go = (next: Partial<SearchFilterState>) => void navigate(searchLocation({ ...filters, page: 1, ...next }));

  return (
    <div className="container search-page">
      <PageHead
        title={searched ? `${searched} templates` : SEARCH_PAGE_TITLE}
        description={searched ? PAGE_DESCRIPTIONS.searchFor(searched) : PAGE_DESCRIPTIONS.search}
      />
      <header className="search-page__header">
        <h1>{searchHeading(filters.q || pathTerm)}</h1>
        <Suspense fallback={<p className="muted">Searching…</p>}>
          <Await resolve={results} errorElement={<p className="muted">{searchResultsCount(0)}</p>}>
            {(answer: SearchAnswer | RefusedSearch) =>
              'refused' in answer ? null : (
                <p className="muted" data-testid="results-count">
                  {searchResultsCount(answer.pagination.totalItems)}
                </p>
              )
            }
          </Await>
        </Suspense>
      </header>

      <PopularChips popular={popular} />
      <SearchBox urlText={filters.q} />
      <button
        type="button"
        className="button button--secondary search-page__filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen(true)}
      >
        Filters
      </button>

      <div className="search-page__layout">
        <SearchFilters id={filtersId} open={filtersOpen} onClose={() => setFiltersOpen(false)} filters={filters} go={go} />

        <section className="search-page__results" ref={resultsRef} aria-labelledby="search-results-heading">
          {/* Above the cards' h3 titles, also on phones where the filters' h2 waits in a closed drawer. */}
          <h2 id="search-results-heading" className="visually-hidden">
            Results
          </h2>
          <Suspense key={location.search + location.pathname} fallback={<CardGridSkeleton />}>
            <Await resolve={results} errorElement={<SearchFailed />}>
              {(outcome: SearchAnswer | RefusedSearch) => <SearchResults outcome={outcome} onPage={(page) => go({ page })} />}
            </Await>
          </Suspense>
        </section>
      </div>
    </div>
  );
}
interface SearchFiltersProps {
  id: string;
  /** Open as a drawer (phones). */
  open: boolean;
  onClose: () => void;
  filters: SearchFilterState;
  /** A new search with these filters changed, from page 1. */
  go: (next: Partial<SearchFilterState>) => void;
}

/** The filters beside the results (a drawer on phones), then the request and advert cards. */
function SearchFilters({ id, open, onClose, filters, go }: SearchFiltersProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const filtered = filters.price !== '' || filters.topic !== '' || filters.platform !== '' || filters.q !== '';

  return (
    <aside
      id={id}
      className="search-page__filters"
      data-open={open}
      aria-label="Filters"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="search-filters__head">
        <h2>Filters</h2>
        {filtered && (
          <Link to="/search" className="search-filters__reset">
            Reset Filters
          </Link>
        )}
        <button type="button" className="icon-button search-filters__close" aria-label="Close filters" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <FilterSelect
        label="Sort by"
        value={filters.sort}
        onChange={(sort) => go({ sort: sort as SearchFilterState['sort'] })}
        options={SORT_OPTIONS.filter((option) => option.value !== 'relevance' || filters.q !== '')}
        emptyLabel={filters.q ? 'Best match' : 'Newest'}
      />
      <FilterSelect
        label="Price"
        value={filters.price}
        onChange={(price) => go({ price: price as SearchFilterState['price'] })}
        options={[
          { value: 'free', label: 'Free' },
          { value: 'paid', label: 'Paid' },
        ]}
        emptyLabel="Any price"
      />
      <FilterSelect
        label="Topic"
        value={filters.topic}
        onChange={(topic) => go({ topic })}
        options={TOPICS.map((topic) => ({ value: topic.name, label: topic.label }))}
        emptyLabel="All topics"
      />
      <FilterSelect
        label="App"
        value={filters.platform}
        onChange={(platform) => go({ platform })}
        options={APPS.map((app) => ({ value: app.name, label: app.label }))}
        emptyLabel="All apps"
      />

      <section className="side-card request-card">
        <p>{REQUEST_TEMPLATE_TEXT}</p>
        {/* Requesting needs an account: anonymous visitors log in first and come back with the request form open. */}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void navigate(loginRedirectForRequest(location.pathname, location.search))}
        >
          Request a Template
        </button>
      </section>
      <section className="side-card advert-card">
        <h2>{ADVERT_TITLE}</h2>
        <p>{ADVERT_TEXT}</p>
        <Link to="/contact-us" className="button button--secondary">
          {ADVERT_BUTTON}
        </Link>
      </section>
    </aside>
  );
}

/** A page of results; a refused search says why, for the searcher to fix. */
function SearchResults({ outcome, onPage }: { outcome: SearchAnswer | RefusedSearch; onPage: (page: number) => void }) {
  if ('refused' in outcome) {
    return (
      <p className="feed-error" role="alert">
        {outcome.refused}
      </p>
    );
  }
  const { data, pagination } = outcome;
  return (
    <>
      {data.length === 0 ? (
        <p className="empty-state">No templates match your search. Try other words or reset the filters.</p>
      ) : (
        <ul className="card-grid">
          {data.map((resource, index) => (
            <li key={resource._id}>
              <ResourceCard resource={resource} leadsPage={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {pagination.totalPages > 1 && <Pagination pageNumbers={pagination.pageNumbers} pageStatus={pagination.pageStatus} onPage={onPage} />}
    </>
  );
}

/**
 * The page's own search box: the URL follows the text after a 500 ms pause; Enter on empty text clears.
 * It stays mounted while the URL follows it, so focus and what is typed meanwhile are kept.
 */
function SearchBox({ urlText }: { urlText: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const addressText = withinSearchLimit(urlText);
  const [text, setText] = useState(addressText);
  /** The text the URL holds, whether the box put it there or not. */
  const urlTextRef = useRef(addressText);

  useEffect(() => {
    // The address changed from elsewhere (Reset Filters, a popular search): show its text.
    if (addressText === urlTextRef.current) return;
    urlTextRef.current = addressText;
    setText(addressText);
  }, [addressText]);

  useEffect(() => {
    const typed = text.trim();
    if (typed === urlTextRef.current.trim()) return;
    const timer = window.setTimeout(() => {
      urlTextRef.current = typed;
      // Typing starts a new search: other filters, sort, page and limit reset.
      void navigate(searchLocation({ q: typed }), { replace: true });
      if (typed !== '') recordSearch(typed);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, navigate]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && text.trim() === '') {
      event.preventDefault();
      void navigate('/search');
    }
  }

  return (
    <div className="search-box" role="search">
      <SearchIcon />
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <input
        id={inputId}
        type="search"
        placeholder="Search templates, tools and workflows…"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(normaliseTyping(event.target.value))}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

function PopularChips({ popular }: { popular: Promise<string[]> }) {
  return (
    <Suspense
      fallback={
        <ul className="popular-chips__row" aria-busy="true" aria-label="Popular searches">
          {Array.from({ length: POPULAR_CHIP_SKELETONS }, (_, index) => (
            <li key={index} className="chip chip--skeleton skeleton-block" />
          ))}
        </ul>
      }
    >
      <Await resolve={popular}>{(terms: string[]) => terms.length > 0 && <PopularChipRow terms={terms} />}</Await>
    </Suspense>
  );
}

/** Popular searches with left and right arrows that scroll the row 150 px. */
function PopularChipRow({ terms }: { terms: string[] }) {
  const rowRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => rowRef.current?.scrollBy({ left: direction * POPULAR_CHIP_SCROLL_STEP_PX, behavior: 'smooth' });
  return (
    <section className="popular-chips" aria-label="Popular searches">
      <button
        type="button"
        className="icon-button popular-chips__arrow"
        aria-label="Scroll popular searches left"
        onClick={() => scroll(-1)}
      >
        ‹
      </button>
      <ul className="popular-chips__row" ref={rowRef}>
        {terms.map((term) => (
          <li key={term}>
            <Link className="chip" to={`/search/popular/${encodeURIComponent(term)}`}>
              {term}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="icon-button popular-chips__arrow"
        aria-label="Scroll popular searches right"
        onClick={() => scroll(1)}
      >
        ›
      </button>
    </section>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  emptyLabel: string;
  onChange: (value: string) => void;
}

function FilterSelect({ label, value, options, emptyLabel, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SearchFailed() {
  return (
    <p className="feed-error" role="alert">
      {SEARCH_FAILED}
    </p>
  );
}
