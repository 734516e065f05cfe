import { useEffect, useId, useState } from 'react';
import { redirect, useLoaderData, useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { accountTabHash } from '@domain/accounts/account-tabs.js';
import { UnsavedChangesGuard } from '@/features/accounts/components/UnsavedChangesGuard.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { openVerifyPrompt } from '@/lib/client-state.js';
import { isVerifiedUser } from '@/lib/user-facts.js';
import { createTemplate } from '@/features/templates/api.js';
import { CreatePageTour } from '@/features/templates/components/CreatePageTour.js';
import { FieldProblemsModal } from '@/features/templates/components/FieldProblemsModal.js';
import { TemplateFields } from '@/features/templates/components/TemplateFields.js';
import { PriceInput } from '@/features/commerce/components/PriceInput.js';
import { previewAuthorOf, TemplatePreview } from '@/features/templates/components/TemplatePreview.js';
import { createProblems, createRequestBody, initialCreateForm, type FieldProblem } from '@/features/templates/template-form.js';
import { useFormProgressTracking } from '@/features/templates/use-form-progress.js';
import { useTemplateForm } from '@/features/templates/use-template-form.js';
import { ApiError } from '@/lib/api-client.js';
import { documentTitle } from '@/lib/brand.js';
import '@/features/templates/templates.css';

/** Spec 2.1: verified users only; signed-out visitors log in first, others go to the home page (with the verify prompt). */
export async function createLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  if (!isVerifiedUser(user)) {
    openVerifyPrompt();
    throw redirect('/');
  }
  return user;
}

/** /create: a new post, with a live preview; it starts under review. */
export function CreatePage() {
  const user = useLoaderData<typeof createLoader>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const formId = useId();
  const form = useTemplateForm(initialCreateForm(searchParams.get('app'), (location.state as { topic?: unknown } | null)?.topic));
  const [submitting, setSubmitting] = useState(false);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [createdPath, setCreatedPath] = useState<string | null>(null);
  useFormProgressTracking(user.username, form.touched, form.changeCount);

  // Navigate once the guard has re-rendered without the dirty flag.
  useEffect(() => {
    if (createdPath !== null) void navigate(createdPath);
  }, [createdPath, navigate]);

  async function submit() {
    const found = createProblems(form.values);
    if (found.length > 0) return setProblems(found);
    setSubmitting(true);
    try {
      const answer = await createTemplate(createRequestBody(form.values), form.touched);
      showToast('success', answer.message);
      setCreatedPath(answer.redirect);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) setProblems([...error.fields]);
      else setServerError(error instanceof Error ? error.message : 'The post could not be created.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="container template-editor">
      <title>{documentTitle('Create a post')}</title>
      <header className="template-editor__header">
        <h1>Create a post</h1>
        <p className="muted">Share a template with the community. New posts are reviewed by a moderator before they go live.</p>
      </header>

      <div className="template-editor__layout">
        <form
          id={formId}
          className="template-editor__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TemplateFields mode="create" values={form.values} onChange={form.change} onImageUrlsChange={form.changeImages} />
          <section className="template-editor__price" data-tour="create-price" aria-labelledby={`${formId}-price`}>
            <h2 id={`${formId}-price`} className="template-editor__section-title">
              Price
            </h2>
            <label className="form-field__label" htmlFor={`${formId}-price-input`}>
              Price (USD)
            </label>
            <PriceInput
              id={`${formId}-price-input`}
              userId={user._id}
              value={form.values.price}
              onChange={(price) => form.change({ price })}
              paymentsPath={`/account${accountTabHash('payments')}`}
            />
          </section>
        </form>

        <aside className="template-editor__aside">
          <button
            type="submit"
            form={formId}
            className="button button--primary template-editor__submit"
            data-tour="create-submit"
            disabled={submitting}
          >
            {submitting ? 'Creating…' : 'Create'}
          </button>
          <div data-tour="create-preview">
            <TemplatePreview values={form.values} author={previewAuthorOf(user)} />
          </div>
        </aside>
      </div>

      <FieldProblemsModal problems={problems} onClose={() => setProblems([])} />
      <Modal open={serverError !== null} title={TEMPLATE_MESSAGES.createErrorTitle} tone="danger" onClose={() => setServerError(null)}>
        <p>{serverError}</p>
      </Modal>
      <UnsavedChangesGuard dirty={form.dirty && createdPath === null} />
      <CreatePageTour />
    </div>
  );
}
