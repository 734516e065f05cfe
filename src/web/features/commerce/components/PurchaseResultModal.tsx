import { useSearchParams } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { decodeLink } from '../api.js';

/** Opens a template link in a new tab, with https:// when it has no scheme (spec 7, decode-link). */
export function openTemplateLink(link: string): void {
  window.open(/^[a-z][a-z0-9+.-]*:/iu.test(link) ? link : `https://${link}`, '_blank', 'noopener,noreferrer');
}

/** The detail page's purchase result (spec 2.3: query success=true or success=false). */
export function PurchaseResultModal({ resourceId }: { resourceId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get('success');
  const close = () =>
    setSearchParams(
      (params) => {
        params.delete('success');
        return params;
      },
      { replace: true },
    );

  async function goToLink() {
    try {
      openTemplateLink((await decodeLink(resourceId)).link);
      close();
    } catch {
      showToast('error', `${COMMERCE_MESSAGES.authenticationErrorTitle}: ${COMMERCE_MESSAGES.noAccess}`);
    }
  }

  if (result === 'true') {
    return (
      <Modal
        open
        title={COMMERCE_MESSAGES.purchaseCompletedTitle}
        onClose={close}
        actions={
          <button type="button" className="button button--primary" onClick={() => void goToLink()}>
            {COMMERCE_MESSAGES.goToResourceLink}
          </button>
        }
      >
        <p>{COMMERCE_MESSAGES.purchaseCompletedText}</p>
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
