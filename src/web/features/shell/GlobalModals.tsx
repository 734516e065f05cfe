import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { ACCOUNT_SHELL_MESSAGES } from '../../../domain/accounts/shell-messages.js';
import { APPS } from '../../../domain/catalogue/taxonomy.js';
import { OUTREACH_LIMITS, OUTREACH_MESSAGES } from '../../../domain/outreach/rules.js';
import { Modal } from '../../components/ui/Modal.js';
import { ModalForm } from '../../components/ui/ModalForm.js';
import { showToast } from '../../components/ui/toasts.js';
import { ApiError, apiRequest } from '../../lib/api-client.js';
import { keepingAtMost } from '../../lib/character-limit.js';
import { useSubmission } from '../../lib/use-submission.js';
import { characterCount } from '../../../domain/shared/characters.js';
import { loginPathFor, signupPathFor } from '../accounts/return-paths.js';
import { useSession } from '../session/session.js';
import { closeModal, openRequestModal, useActiveModal } from './client-state.js';
import { ENGAGEMENT, LOGIN_PROMPT_TEXT, LOGIN_PROMPT_TITLE, REQUEST_MODAL_DELAY_MS, SHOW_REQUEST_MODAL_PARAM } from './constants.js';
import { useCreateAction } from './create-action.js';

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

const requestFailure = (failure: unknown) => (failure instanceof ApiError ? failure.message : OUTREACH_MESSAGES.contactFailed);

function RequestTemplateModal({ open }: { open: boolean }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [platform, setPlatform] = useState('');
  const submission = useSubmission(requestFailure);

  async function send() {
    const outcome = await submission.submit(() =>
      apiRequest<{ message: string }>('/requests', {
        method: 'POST',
        body: { title: title.trim() || undefined, description, platform: platform || undefined },
      }),
    );
    if (!outcome?.ok) return;
    showToast('success', outcome.answer.message);
    setTitle('');
    setDescription('');
    setPlatform('');
    submission.reset();
    closeModal();
  }

  return (
    <ModalForm
      open={open}
      title="Request a Template"
      onClose={closeModal}
      onSubmit={() => void send()}
      submitLabel="Send request"
      pending={submission.pending}
      submitDisabled={description.trim() === ''}
      error={submission.error}
    >
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
        <textarea className="field__input" required rows={4} value={description} onChange={keepingAtMost(OUTREACH_LIMITS.requestDescriptionMax, setDescription)} />
        <span className="field__counter muted">
          {characterCount(description)}/{OUTREACH_LIMITS.requestDescriptionMax}
        </span>
      </label>
    </ModalForm>
  );
}
