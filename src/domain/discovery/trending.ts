/*
 * The home page's Trending tab: the sponsored list above the top-rated one, and a card shown once.
 * The home page draws it and the Visibility panel ranks posts in it with this same rule.
 */

/** The top-rated list as Trending shows it: without the posts the sponsored list above already shows. */
export function trendingTopRated<T extends { _id: string }>(topRated: readonly T[], sponsored: readonly T[]): T[] {
  const above = new Set(sponsored.map((resource) => resource._id));
  return topRated.filter((resource) => !above.has(resource._id));
}

/** Trending from top to bottom. */
export function trendingOrder<T extends { _id: string }>(sponsored: readonly T[], topRated: readonly T[]): T[] {
  return [...sponsored, ...trendingTopRated(topRated, sponsored)];
}
