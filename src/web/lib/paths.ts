/** Addresses of the app's pages that carry a parameter, and of pages several others link to. */

import type { SearchSort } from '@domain/catalogue/presentation.js';

/** The payments help page (browse-search-accounts.md: the Payments tab's help link), and how the links to it read. */
export const PAYMENTS_HELP_PATH = '/help/payments';
export const PAYMENTS_HELP_LINK_LABEL = 'How payments and payouts work';

export const NOT_FOUND_PATH = '/404';

export function resourcePath(titleUrl: string): string {
  return `/resources/${encodeURIComponent(titleUrl)}`;
}

/** The post as it was at a moment (author and admins): its page with `?asOf=`. */
export function resourceAsOfPath(titleUrl: string, at: string): string {
  return `${resourcePath(titleUrl)}?asOf=${encodeURIComponent(at)}`;
}

/** The engagement action's address (a route with no page): a like, save or flag button's fetcher posts there. */
export function engagementPath(resourceId: string, toggle: 'like' | 'save' | 'flag'): string {
  return `/engagement/${encodeURIComponent(resourceId)}/${toggle}`;
}

export function userProfilePath(username: string): string {
  return `/users/${encodeURIComponent(username)}`;
}

export function tagSearchPath(tag: string): string {
  return `/search/tag/${encodeURIComponent(tag)}`;
}

export function topicPath(topicName: string): string {
  return `/topics/${encodeURIComponent(topicName)}`;
}

export function appPath(appName: string): string {
  return `/apps/${encodeURIComponent(appName)}`;
}

/** The search page, with only the parameters given. */
export function searchPath(query: { q?: string; sort?: SearchSort } = {}): string {
  const parameters = new URLSearchParams();
  if (query.q !== undefined) parameters.set('q', query.q);
  if (query.sort !== undefined) parameters.set('sort', query.sort);
  const queryString = parameters.toString();
  return queryString === '' ? '/search' : `/search?${queryString}`;
}

/** Deleting the account signs out with a reload to the home page: this parameter tells the page why the person is there. */
export const ACCOUNT_DELETED_PARAMETER = 'account-deleted';
export const ACCOUNT_DELETED_PATH = `/?${ACCOUNT_DELETED_PARAMETER}`;
