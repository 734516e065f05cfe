import { data, redirect, type ActionFunctionArgs } from 'react-router';

import { applyToggle, isEngagementToggle } from '@/features/resources/engagement.js';
import { NOT_FOUND_PATH } from '@/lib/paths.js';

/** /engagement/:resourceId/:toggle, posted by a like, save or flag button's fetcher: on=true turns it on. */
export async function engagementAction({ params, request }: ActionFunctionArgs) {
  const { resourceId = '', toggle = '' } = params;
  if (!isEngagementToggle(toggle)) throw data(null, { status: 404 });
  const on = (await request.formData()).get('on') === 'true';
  const answer = await applyToggle(toggle, resourceId, on);
  // A failure answers with its status: the page's lists are then not loaded again for nothing.
  return answer.ok ? answer : data(answer, { status: answer.status });
}

/** The address has no page: a visit goes to the not-found page. */
export const engagementLoader = () => redirect(NOT_FOUND_PATH);
