import { z } from '../../domain/shared/zod.js';

/** Admin lists (feedback, help chats, contact messages) are read a page at a time, newest first. */
const ADMIN_LIST_LAST_PAGE = 10_000;

export const adminListPageQuery = z.object({ page: z.coerce.number().int().min(1).max(ADMIN_LIST_LAST_PAGE).default(1) });

/** A page of an admin list: its items, which page, and how many a full page holds. */
export function adminListPage<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), page: z.number(), pageSize: z.number() });
}
