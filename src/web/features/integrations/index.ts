import { lazy } from 'react';

/** The account page's Integrations tab, in a chunk of its own: fetched only when the tab opens. */
export const IntegrationsTab = lazy(() => import('./IntegrationsTab.js'));
