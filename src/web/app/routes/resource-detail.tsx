import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { PAYPAL_RETURN_PARAM } from '@domain/commerce/purchase.js';
import type { ResourceDetailAnswer } from '@domain/engagement/views.js';
import { TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { ResourceDetail } from '@/features/resources/components/ResourceDetail.js';
import { AsOfPost, AsOfRefused, type AsOfRefusal } from '@/features/resources/components/AsOfPost.js';
import { fetchRelatedResources, fetchResourceDetail } from '@/features/resources/api.js';
import type { RelatedLists } from '@/features/resources/components/RelatedResources.js';
import { ApiError } from '@/lib/api-client.js';
import { documentTitle } from '@/lib/brand.js';

/** `forViewer`: asked for with the viewer's session (in the browser); the server asks for nobody in particular. */
type DetailLoaderData =
  | { found: true; detail: ResourceDetailAnswer; related: RelatedLists; forViewer: boolean }
  | { found: false }
  | { asOfRefused: AsOfRefusal };

/**
 * `?asOf=`: the post as it was then, for its author and admins. The server asks for nobody, so it
 * draws a placeholder; the browser asks again with the viewer's session (main.tsx).
 */
async function asOfLoader(titleUrl: string, asOf: string, signal: AbortSignal): Promise<DetailLoaderData> {
  if (typeof window === 'undefined') return { asOfRefused: { titleUrl, status: 'unasked', message: '' } };
  try {
    const detail = await fetchResourceDetail(titleUrl, { signal, asOf, authFailures: 'silent' });
    return { found: true, detail, forViewer: true, related: { author: Promise.resolve([]), related: Promise.resolve([]) } };
  } catch (error) {
    if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status))
      return { asOfRefused: { titleUrl, status: error.status, message: error.message } };
    throw error;
  }
}

/**
 * The post, then its two lists of other posts, which stream in (the server renders them with the
 * page, so a phone gets no skeletons to animate and no requests to make after hydration).
 */
export async function resourceDetailLoader({ params, request }: LoaderFunctionArgs): Promise<DetailLoaderData> {
  const asOf = new URL(request.url).searchParams.get('asOf');
  if (asOf !== null) return asOfLoader(params.titleUrl ?? '', asOf, request.signal);
  try {
    const detail = await fetchResourceDetail(params.titleUrl ?? '', { signal: request.signal });
    const resourceId = detail.data._id;
    return {
      found: true,
      detail,
      forViewer: typeof window !== 'undefined',
      related: {
        author: fetchRelatedResources(resourceId, 'author', request.signal),
        related: fetchRelatedResources(resourceId, 'related', request.signal),
      },
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { found: false };
    throw error;
  }
}

/** /resources/{titleUrl}: the post, or 'This post does not exist' for whatever this viewer may not see. */
export function ResourceDetailPage() {
  const data = useLoaderData<typeof resourceDetailLoader>();
  if ('asOfRefused' in data) return <AsOfRefused refusal={data.asOfRefused} />;
  if (!data.found) return <MissingPost />;
  if (data.detail.asOf) return <AsOfPost detail={data.detail} asOf={data.detail.asOf} />;
  // A new key per post: moving to a related post starts its page afresh (view count, comments, report form).
  return <ResourceDetail key={data.detail.data._id} detail={data.detail} related={data.related} forViewer={data.forViewer} />;
}

/** A buyer back from approving a PayPal order for a post gone meanwhile is told that nothing was charged (the order is only captured on the post's page). */
function MissingPost() {
  const [searchParams] = useSearchParams();
  const paypalReturn = searchParams.get(PAYPAL_RETURN_PARAM) !== null && searchParams.get('token') !== null;
  const [title, text] = paypalReturn
    ? [COMMERCE_MESSAGES.paypalPostGoneTitle, COMMERCE_MESSAGES.paypalPostGoneText]
    : [TEMPLATE_MESSAGES.doesNotExist, TEMPLATE_MESSAGES.doesNotExistDetail];
  return (
    <div className="container">
      <title>{documentTitle(title)}</title>
      <section className="empty-state detail-missing">
        <h1>{title}</h1>
        <p>{text}</p>
        <Link to="/" className="button button--primary">
          Browse templates
        </Link>
      </section>
    </div>
  );
}
