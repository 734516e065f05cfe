import { useRouteLoaderData } from 'react-router';

import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { fetchTopRatedResources } from '@/features/resources/api.js';

export const SHELL_ROUTE_ID = 'shell';

export interface ShellData {
  /** For the footer and the not-found page; an empty list when loading fails. */
  topRated: Promise<ResourceView[]>;
}

/** Data every page's frame needs. It is not awaited, so pages render while it loads. */
export function shellLoader(): ShellData {
  const topRated = fetchTopRatedResources().catch((error: unknown) => {
    console.error('Could not load the top-rated resources', error);
    return [];
  });
  return { topRated };
}

export function useShellData(): ShellData {
  const data = useRouteLoaderData<typeof shellLoader>(SHELL_ROUTE_ID);
  if (data === undefined) throw new Error(`useShellData must be used inside the "${SHELL_ROUTE_ID}" route`);
  return data;
}
