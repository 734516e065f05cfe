import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { ACCOUNT_SHELL_MESSAGES } from '@domain/accounts/shell-messages.js';
import { Modal } from '@/components/ui/Modal.js';
import { loginPathFor, signupPathFor } from '@/lib/return-paths.js';
import { useSession } from '@/lib/session.js';
import { closeModal, openRequestModal, useActiveModal } from '@/lib/client-state.js';
import {
  ENGAGEMENT,
  LOGIN_PROMPT_TEXT,
  LOGIN_PROMPT_TITLE,
  REQUEST_MODAL_DELAY_MS,
  SHOW_REQUEST_MODAL_PARAM,
} from '@/lib/shell-constants.js';
import { useCreateAction } from '@/lib/create-action.js';

/** Every global modal, mounted once by the app shell; client-state.ts decides which one is open. */
export function GlobalModals() {
  const modal = useActiveModal();
  useRequestModalAfterLogin();

  return (
    <>
      <LoginPrompt open={modal?.kind === 'login'} />
      <VerifyPrompt open={modal?.kind === 'verify'} />
      <LazyRequestTemplateModal open={modal?.kind === 'request'} />
      <EngagementModal open={modal?.kind === 'engagement'} />
      <Modal
        open={modal?.kind === 'message'}
        title={modal?.kind === 'message' ? modal.header : ''}
        tone={modal?.kind === 'message' ? modal.tone : 'default'}
        onClose={closeModal}
      >
        {modal?.kind === 'message' && (
          <>
            <p>{modal.message1}</p>
            {modal.message2 !== undefined && <p className="modal__second-message">{modal.message2}</p>}
          </>
        )}
      </Modal>
    </>
  );
}

/**
 * The request form loads the first time it is asked for (few visitors ask), then stays mounted while
 * closed, keeping what was typed, as it did when it was part of every page's script.
 */
const RequestTemplateModal = lazy(() => import('./RequestTemplateModal.js'));

function LazyRequestTemplateModal({ open }: { open: boolean }) {
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <RequestTemplateModal open={open} />
    </Suspense>
  ) : null;
}

/** Back from the login page with showRequestModal=true: the request modal opens after a short pause, and the flag leaves the address. */
function useRequestModalAfterLogin(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const wantsRequestModal = new URLSearchParams(search).get(SHOW_REQUEST_MODAL_PARAM) === 'true';

  useEffect(() => {
    if (!wantsRequestModal || user === null) return;
    const timer = window.setTimeout(() => {
      openRequestModal();
      const rest = new URLSearchParams(search);
      rest.delete(SHOW_REQUEST_MODAL_PARAM);
      const query = rest.toString();
      void navigate(`${pathname}${query === '' ? '' : `?${query}`}`, { replace: true, preventScrollReset: true });
    }, REQUEST_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wantsRequestModal, user, pathname, search, navigate]);
}

function LoginPrompt({ open }: { open: boolean }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <Modal
      open={open}
      title={LOGIN_PROMPT_TITLE}
      onClose={closeModal}
      actions={
        <>
          <Link to={loginPathFor(here)} className="button button--ghost" onClick={closeModal}>
            Login
          </Link>
          <Link to={signupPathFor(here)} className="button button--primary" onClick={closeModal}>
            Join Free
          </Link>
        </>
      }
    >
      <p>{LOGIN_PROMPT_TEXT}</p>
    </Modal>
  );
}

function VerifyPrompt({ open }: { open: boolean }) {
  return (
    <Modal
      open={open}
      title={ACCOUNT_SHELL_MESSAGES.verifyTitle}
      onClose={closeModal}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={closeModal}>
            Close
          </button>
          <Link to="/account" className="button button--primary" onClick={closeModal}>
            Account
          </Link>
        </>
      }
    >
      <p>{ACCOUNT_SHELL_MESSAGES.verifyToCreate}</p>
    </Modal>
  );
}

function EngagementModal({ open }: { open: boolean }) {
  const { user } = useSession();
  const create = useCreateAction();
  const signedIn = user !== null;
  return (
    <Modal
      open={open}
      title={signedIn ? ENGAGEMENT.signedInTitle : ENGAGEMENT.signedOutTitle}
      onClose={closeModal}
      actions={
        signedIn ? (
          <>
            <Link to="/contact-us" className="button button--ghost" onClick={closeModal}>
              Give us feedback
            </Link>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                closeModal();
                create();
              }}
            >
              Create Post
            </button>
          </>
        ) : (
          <Link to="/search" className="button button--primary" onClick={closeModal}>
            Explore
          </Link>
        )
      }
    >
      <p>{signedIn ? ENGAGEMENT.signedInText : ENGAGEMENT.signedOutText}</p>
    </Modal>
  );
}
