import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { Modal } from '@/components/ui/Modal.js';
import { decodeLink } from '../api.js';

/** A template link as the browser opens it: https:// when it has no scheme (spec 7, decode-link). */
const withScheme = (link: string) => (/^[a-z][a-z0-9+.-]*:/iu.test(link) ? link : `https://${link}`);

/** The bought template's link, asked for once the modal shows, so the button is a real link the click opens at once. */
function useBoughtLink(resourceId: string, wanted: boolean): { link: string | null; failed: boolean } {
  const [found, setFound] = useState<{ link: string | null; failed: boolean }>({ link: null, failed: false });
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    decodeLink(resourceId).then(
      (answer) => current && setFound({ link: withScheme(answer.link), failed: false }),
      () => current && setFound({ link: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [resourceId, wanted]);
  return found;
}

/** The detail page's purchase result (spec 2.3: query success=true or success=false). */
export function PurchaseResultModal({ resourceId }: { resourceId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get('success');
  const bought = useBoughtLink(resourceId, result === 'true');
  const close = () =>
    setSearchParams(
      (params) => {
        params.delete('success');
        return params;
      },
      { replace: true },
    );

  if (result === 'true') {
    return (
      <Modal
        open
        title={COMMERCE_MESSAGES.purchaseCompletedTitle}
        onClose={close}
        actions={
          bought.link === null ? (
            <button type="button" className="button button--primary" disabled>
              {COMMERCE_MESSAGES.goToResourceLink}
            </button>
          ) : (
            // A link, not a script opening a window after a request: the browser opens it on the click itself.
            <a className="button button--primary" href={bought.link} target="_blank" rel="noopener noreferrer" onClick={close}>
              {COMMERCE_MESSAGES.goToResourceLink}
            </a>
          )
        }
      >
        <p>{COMMERCE_MESSAGES.purchaseCompletedText}</p>
        {bought.failed && (
          <p role="alert">
            {COMMERCE_MESSAGES.authenticationErrorTitle}: {COMMERCE_MESSAGES.noAccess}
          </p>
        )}
      </Modal>
    );
  }
  if (result === 'false') {
    return (
      <Modal open title={COMMERCE_MESSAGES.purchaseFailureTitle} tone="danger" onClose={close}>
        <p>{COMMERCE_MESSAGES.purchaseFailureText}</p>
      </Modal>
    );
  }
  return null;
}
