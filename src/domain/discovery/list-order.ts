/*
 * How the catalogue's lists order posts, said once: the read-model queries build their ORDER BY
 * from these keys and the as-of Visibility panel sorts a past catalogue with the same keys, so a
 * rank then is the place the list gave then. Ties end on the id, ascending, in both.
 */

/** The two orders of the home feeds; topic pages, app pages and profiles list newest first. */
export type ListOrder = 'top_rated' | 'newest';

/** A post as the orders compare it: its kudos and when it was submitted (ms since the epoch). */
export interface OrderedPost {
  id: string;
  likes: number;
  createdAtMs: number;
}

export const LIST_ORDER_KEYS: Readonly<Record<ListOrder, readonly ('likes' | 'created_at')[]>> = {
  top_rated: ['likes', 'created_at'],
  newest: ['created_at'],
};

const valueOf = (post: OrderedPost, key: 'likes' | 'created_at') => (key === 'likes' ? post.likes : post.createdAtMs);

/** The list's order in memory: each key descending, then the id ascending (byte order, as the database's "C" collation). */
export function compareInList(order: ListOrder): (a: OrderedPost, b: OrderedPost) => number {
  const keys = LIST_ORDER_KEYS[order];
  return (a, b) => {
    for (const key of keys) {
      const difference = valueOf(b, key) - valueOf(a, key);
      if (difference !== 0) return difference;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
