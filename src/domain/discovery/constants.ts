/**
 * Texts, limits and timings of search and browsing (browse-search-accounts.md, sections 2, 4, 5 and 9),
 * shared by the API and the web app so both say the same thing.
 */

// --- Search requests -------------------------------------------------------------------------

/** Results per page when the caller gives no limit. */
export const SEARCH_DEFAULT_LIMIT = 12;
/** The largest page anyone may ask for: topic and app pages fetch 100 at once. */
export const SEARCH_MAX_LIMIT = 100;
/** Longer search texts are refused: nobody types more, and ranking cost grows with every word. */
export const SEARCH_MAX_QUERY_LENGTH = 200;
/**
 * Matches are counted exactly up to this many; beyond it the total says this many (as
 * Meilisearch's maxTotalHits does), so counting never costs more than the page itself.
 */
export const SEARCH_TOTAL_CAP = 1_000;
/** Words of a search text taken into account; the rest are ignored. */
export const SEARCH_MAX_QUERY_WORDS = 8;
/** Longer "words" are not words anyone searches for (and exceed the index's word limits): ignored, and a text of only such words finds nothing. */
export const SEARCH_MAX_WORD_LENGTH = 40;
/** Keyword filters per request. */
export const SEARCH_MAX_KEYWORDS = 10;
export const SEARCH_MAX_KEYWORD_LENGTH = 50;
/** Price filter values. */
export const PRICE_FILTERS = ['free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** Autocomplete: at most this many titles, topics and apps each. */
export const AUTOCOMPLETE_LIMIT = 6;
/** Popular search terms answered by POST /generateSimilarTerms. */
export const POPULAR_TERMS_LIMIT = 12;
/**
 * Anyone can search, so a search alone does not put a term in the chips every visitor sees: it must
 * have found live posts, or have been searched by this many different signed-in members.
 */
export const POPULAR_TERM_MIN_MEMBERS = 3;
/** Longer terms are never shown as a chip (a 200-character one drew a chip 204 px wide). */
export const POPULAR_TERM_MAX_LENGTH = 40;
/** Top creators in the home sidebar. */
export const TOP_CONTRIBUTORS_LIMIT = 5;
/** Topic rows on /topics (GET /topics?withResources=true&limit=10). */
export const TOPICS_REQUEST_LIMIT = 10;
/** Templates per topic row on /topics. */
export const TOPIC_ROW_RESOURCES = 9;
/** Home lists (top rated, today, sponsored) show this many resources unless the caller asks for fewer. */
export const HOME_LIST_LIMIT = 12;
export const HOME_LIST_MAX_LIMIT = 50;
/** Templates shown per tag card on /explore before See More. */
export const EXPLORE_PREVIEW_COUNT = 3;
/** Tag cards on /explore, and the most a card can show after See More. */
export const EXPLORE_TAG_COUNT = 12;
export const EXPLORE_MAX_RESOURCES_PER_TAG = 10;
/** Topic and app pages fetch this many at once and show pagination above this page size. */
export const TOPIC_PAGE_FETCH_LIMIT = 100;
export const LIST_PAGE_SIZE = 10;

/** The window of "most popular": likes, saves and views of the last 90 days. */
export const POPULARITY_WINDOW_DAYS = 90;

// --- Texts ---------------------------------------------------------------------------------------

export const SEARCH_PAGE_TITLE = "Explore Our Community's Workflows and Templates";
/** The search page's count of what matched: one result, any other number of results. */
export const searchResultsCount = (total: number): string => `Showing ${total} ${total === 1 ? 'result' : 'results'}`;
export const SEARCH_TEXT_TOO_LONG = `The search text must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`;
/** When the search itself failed (not when the searcher's text or filters were refused). */
/** The admin portal, after a term was taken out of the popular searches. */
export const POPULAR_SEARCH_REMOVED = 'Removed from popular searches.';
export const REMOVE_POPULAR_SEARCH = 'Remove from popular searches';
export const SEARCH_FAILED = "We couldn't search right now. Please try again, or change the filters.";
export const SEARCH_MANY_WORDS_HEADING = 'Searching Templates';
export const REQUEST_TEMPLATE_TEXT = "Can't find what you're looking for? Request a template that fits your needs.";
export const ADVERT_TITLE = 'Advertise to 30 000 people';
export const ADVERT_TEXT = 'Start with free ads for engagements';
export const ADVERT_BUTTON = 'Advertise with us';
export const TOPICS_SUBTITLE = 'Discover how these templates can help';
export const APPS_HEADING = 'All your favorite apps';
export const APPS_LOAD_FAILED = 'Failed to load platform data. Please try again later.';
export const CREATE_FIRST_TEMPLATE = 'Create the first template';
export const CREATE_FIRST_RESOURCE = 'Create the first resource';
export const NO_TOPIC_RESOURCES = 'No resources found for this topic.';
export const NO_PLATFORM_RESOURCES = 'No resources found for this platform.';
export const EXPLORE_HEADING = 'Explore Posts';
/** The platform never listed on /apps. */
export const HIDDEN_PLATFORM = 'other';

// --- Timings (ms) ------------------------------------------------------------------------------

export const SEARCH_DEBOUNCE_MS = 500;
export const AUTOCOMPLETE_WAIT_MS = 1_000;
/** The search bar shows 'Searching...' and stays disabled this long after a search. */
export const SEARCH_BUTTON_LOCK_MS = 2_000;
export const SEARCH_NAVIGATION_DELAY_MS = 500;
export const KEYWORD_CACHE_MS = 86_400_000;
export const CAROUSEL_INTERVAL_MS = 5_000;
/** The countdown pauses this long while the slide changes. */
export const CAROUSEL_CHANGE_PAUSE_MS = 100;
export const SCROLL_AFTER_PAGE_CHANGE_MS = 300;
export const SCROLL_AFTER_PAGE_CHANGE_OFFSET_PX = 100;

// --- Layout --------------------------------------------------------------------------------------

/** Tag tiles in the home tags row. */
export const TAG_ROW_SIZE = 12;
/** Skeleton chips while popular searches load. */
export const POPULAR_CHIP_SKELETONS = 12;
export const POPULAR_CHIP_SCROLL_STEP_PX = 150;
/** Carousel items per slide: 1 under the first width, 2 under the second, 3 otherwise. */
export const CAROUSEL_BREAKPOINTS_PX = { one: 575, two: 992 } as const;
export const PROMO_CLAIM_PEOPLE = '30 000';
