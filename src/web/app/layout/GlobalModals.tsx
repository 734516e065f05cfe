import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { ACCOUNT_SHELL_MESSAGES } from '@domain/accounts/shell-messages.js';
import { APPS } from '@domain/catalogue/taxonomy.js';
import { OUTREACH_LIMITS, OUTREACH_MESSAGES } from '@domain/outreach/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { characterCount } from '@domain/shared/characters.js';
import { loginPathFor, signupPathFor } from '@/lib/return-paths.js';
import { useSession } from '@/lib/session.js';
import { closeModal, openRequestModal, useActiveModal } from '@/lib/client-state.js';
import { ENGAGEMENT, LOGIN_PROMPT_TEXT, LOGIN_PROMPT_TITLE, REQUEST_MODAL_DELAY_MS, SHOW_REQUEST_MODAL_PARAM } from '@/lib/shell-constants.js';
import { useCreateAction } from '@/lib/create-action.js';

/** Every global modal, mounted once by the app shell; client-state.ts decides which one is open. */
export function GlobalModals() {
  const modal = useActiveModal();
  useRequestModalAfterLogin();

  return (
    <>
      <LoginPrompt open={modal?.kind === 'login'} />
      <VerifyPrompt open={modal?.kind === 'verify'} />
      <RequestTemplateModal open={modal?.kind === 'request'} />
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

type SendState = 'idle' | 'sending' | 'failed';

function RequestTemplateModal({ open }: { open: boolean }) {
  const formId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [platform, setPlatform] = useState('');
  const [state, setState] = useState<SendState>('idle');
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('sending');
    setError(null);
    try {
      const answer = await apiRequest<{ message: string }>('/requests', {
        method: 'POST',
        body: { title: title.trim() || undefined, description, platform: platform || undefined },
      });
      showToast('success', answer.message);
      setTitle('');
      setDescription('');
      setPlatform('');
      setState('idle');
      closeModal();
    } catch (caught) {
      setState('failed');
      setError(caught instanceof ApiError ? caught.message : OUTREACH_MESSAGES.contactFailed);
    }
  }

  return (
    <Modal
      open={open}
      title="Request a Template"
      onClose={closeModal}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={state === 'sending' || description.trim() === ''}>
            {state === 'sending' ? 'Sending...' : 'Send request'}
          </button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={(event) => void send(event)}>
        <p className="muted">Tell the community what you're looking for. Makers see open requests and may build it for you.</p>
        <label className="field">
          <span className="field__label">Title (optional)</span>
          <input className="field__input" value={title} onChange={keepingAtMost(OUTREACH_LIMITS.requestTitleMax, setTitle)} />
        </label>
        <label className="field">
          <span className="field__label">App (optional)</span>
          <select className="field__input" value={platform} onChange={(event) => setPlatform(event.target.value)}>
            <option value="">Any app</option>
            {APPS.map((app) => (
              <option key={app.name} value={app.name}>
                {app.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">What do you need?</span>
          <textarea
            className="field__input"
            required
            rows={4}
            value={description}
            onChange={keepingAtMost(OUTREACH_LIMITS.requestDescriptionMax, setDescription)}
          />
          <span className="field__counter muted">
            {characterCount(description)}/{OUTREACH_LIMITS.requestDescriptionMax}
          </span>
        </label>
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
