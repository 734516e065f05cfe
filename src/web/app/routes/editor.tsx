import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { formatPrice } from '@domain/catalogue/presentation.js';
import { TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { UnsavedChangesGuard } from '@/features/accounts/components/UnsavedChangesGuard.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import type { ResourceDetailAnswer } from '@domain/engagement/views.js';
import { fetchResourceDetail } from '@/features/resources/api.js';
import { deleteTemplate, editTemplate, hasPublishedVersion } from '@/features/templates/api.js';
import { ChangeNoteField } from '@/features/templates/components/ChangeNoteField.js';
import { FieldProblemsModal } from '@/features/templates/components/FieldProblemsModal.js';
import { PriceChangeModal } from '@/features/templates/components/PriceChangeModal.js';
import { TemplateFields } from '@/features/templates/components/TemplateFields.js';
import { TemplatePreview } from '@/features/templates/components/TemplatePreview.js';
import {
  changeNoteProblems,
  editProblems,
  editRequestBody,
  type FieldProblem,
  type TemplateFormValues,
} from '@/features/templates/template-form.js';
import { useTemplateForm } from '@/features/templates/use-template-form.js';
import { StatusBadge } from '@/components/ui/StatusBadge.js';
import { ApiError } from '@/lib/api-client.js';
import { documentTitle } from '@/lib/brand.js';
import { resourcePath } from '@/lib/paths.js';
import '@/features/templates/templates.css';

/** `approved`: the post has a published version, so an edit becomes the next one and may carry a change note. */
type EditorData =
  { kind: 'found'; answer: ResourceDetailAnswer; approved: boolean } | { kind: 'missing' } | { kind: 'failed'; message: string };

/** Signed-in users only; the post as its editor sees it, or why it cannot be edited. */
export async function editorLoader({ request, params }: LoaderFunctionArgs): Promise<EditorData> {
  await requireSignedIn(request);
  try {
    const answer = await fetchResourceDetail(params.titleUrl ?? '', { signal: request.signal, authFailures: 'silent' });
    // Not knowing leaves the note out; the edit itself still saves.
    const approved = await hasPublishedVersion(answer.data._id, request.signal).catch(() => false);
    return { kind: 'found', answer, approved };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'missing' };
    return { kind: 'failed', message: error instanceof Error ? error.message : 'The post could not be loaded.' };
  }
}

function formValuesOf(post: ResourceDetailAnswer['data']): TemplateFormValues {
  return {
    url: post.link ?? '',
    topic: post.topic,
    platform: post.platform,
    title: post.title,
    description: post.description.short,
    instructions: post.description.long,
    tags: post.keywords,
    imageUrls: post.images.map((image) => image.imageUrl),
    price: post.price,
  };
}

/** /editor/resources/:titleUrl (spec 2.2). */
export function EditorPage() {
  const data = useLoaderData<typeof editorLoader>();
  if (data.kind === 'missing') {
    return (
      <div className="container template-editor template-editor--message">
        <title>{documentTitle(TEMPLATE_MESSAGES.doesNotExist)}</title>
        <h1>{TEMPLATE_MESSAGES.doesNotExist}</h1>
        <p className="muted">{TEMPLATE_MESSAGES.doesNotExistDetail}</p>
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </div>
    );
  }
  if (data.kind === 'failed' || !data.answer.permissions.canEdit) {
    return (
      <div className="container template-editor template-editor--message">
        <title>{documentTitle('Edit post')}</title>
        <h1>Edit post</h1>
        <p className="form-alert form-alert--danger" role="alert">
          {data.kind === 'failed' ? data.message : TEMPLATE_MESSAGES.unauthorized}
        </p>
      </div>
    );
  }
  // Keyed by id: another post gets a fresh form.
  return <PostEditor key={data.answer.data._id} post={data.answer.data} approved={data.approved} />;
}

type Outcome = { kind: 'saved'; message: string; pagePath: string } | { kind: 'deleted'; message: string };

/** Saving and deleting the post: the field problems, the action's error, and what came of it. */
function usePostEditor(post: ResourceDetailAnswer['data'], form: ReturnType<typeof useTemplateForm>) {
  const [statusLabel, setStatusLabel] = useState(post.statusLabel);
  const [changeNote, setChangeNote] = useState('');
  // The revision this form's content builds on: each save moves it on.
  const [revision, setRevision] = useState(post.revision);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function save() {
    const found = [...editProblems(form.values), ...changeNoteProblems(changeNote)];
    if (found.length > 0) return setProblems(found);
    setSaving(true);
    setActionError(null);
    try {
      const answer = await editTemplate(post._id, editRequestBody(form.values, revision, changeNote));
      setRevision(answer.resource.revision);
      form.markSaved(form.values);
      setChangeNote('');
      setOutcome({ kind: 'saved', message: answer.message, pagePath: answer.redirect });
      const refreshed = await fetchResourceDetail(answer.redirect.replace(/^\/resources\//u, ''), { authFailures: 'silent' }).catch(
        () => null,
      );
      if (refreshed) setStatusLabel(refreshed.data.statusLabel);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) setProblems([...error.fields]);
      else setActionError(error instanceof Error ? error.message : 'The changes could not be saved.');
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!confirmingDelete) return setConfirmingDelete(true);
    setDeleting(true);
    setActionError(null);
    try {
      const answer = await deleteTemplate(post._id);
      form.markSaved(form.values);
      setOutcome({ kind: 'deleted', message: answer.message });
    } catch (error) {
      setActionError(error instanceof Error ? error.message : 'The post could not be deleted.');
      setConfirmingDelete(false);
    } finally {
      setDeleting(false);
    }
  }

  return {
    statusLabel,
    changeNote,
    setChangeNote,
    saving,
    problems,
    setProblems,
    actionError,
    outcome,
    confirmingDelete,
    setConfirmingDelete,
    deleting,
    save,
    remove,
  };
}

function PostEditor({ post, approved }: { post: ResourceDetailAnswer['data']; approved: boolean }) {
  const form = useTemplateForm(formValuesOf(post));
  const {
    statusLabel,
    changeNote,
    setChangeNote,
    saving,
    problems,
    setProblems,
    actionError,
    outcome,
    confirmingDelete,
    setConfirmingDelete,
    deleting,
    save,
    remove,
  } = usePostEditor(post, form);
  const [priceModalOpen, setPriceModalOpen] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const actionErrorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (outcome !== null) outcomeRef.current?.focus();
  }, [outcome]);
  // The message shows above the form: on a phone the Save and Delete buttons are far below it.
  useEffect(() => {
    if (actionError !== null) actionErrorRef.current?.focus();
  }, [actionError]);

  if (outcome?.kind === 'deleted') return <PostDeleted message={outcome.message} outcomeRef={outcomeRef} />;

  return (
    <div className="container template-editor">
      <title>{documentTitle(`Edit ${post.title}`)}</title>
      <header className="template-editor__header">
        <h1>Edit post</h1>
        <p className="muted">
          <StatusBadge label={statusLabel} /> · Changes go back to a moderator for re-approval.
        </p>
      </header>

      {outcome?.kind === 'saved' && (
        <div ref={outcomeRef} tabIndex={-1} className="form-alert form-alert--success template-editor__outcome" role="status">
          <span>{outcome.message}</span>
          <Link className="button button--secondary" to={outcome.pagePath}>
            Go to page
          </Link>
        </div>
      )}
      {actionError && (
        <p ref={actionErrorRef} tabIndex={-1} className="form-alert form-alert--danger" role="alert">
          {actionError}
        </p>
      )}

      <div className="template-editor__layout">
        <form
          id="template-edit-form"
          className="template-editor__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TemplateFields mode="edit" values={form.values} onChange={form.change} onImageUrlsChange={form.changeImages} />
          {approved && <ChangeNoteField value={changeNote} onValueChange={setChangeNote} />}
          <PriceSection price={post.price} onRequestChange={() => setPriceModalOpen(true)} />
          <DeletePostSection
            confirming={confirmingDelete}
            deleting={deleting}
            onDelete={() => void remove()}
            onCancel={() => setConfirmingDelete(false)}
          />
        </form>

        <aside className="template-editor__aside">
          <div className="template-editor__aside-actions">
            <button
              type="submit"
              form="template-edit-form"
              className="button button--primary template-editor__submit"
              disabled={!form.dirty || saving}
            >
              {saving ? 'Saving…' : 'Save Changes'}
            </button>
            <Link className="button button--secondary" to={outcome?.kind === 'saved' ? outcome.pagePath : resourcePath(post.titleUrl)}>
              View post
            </Link>
          </div>
          <TemplatePreview values={form.values} author={post.author} />
        </aside>
      </div>

      <FieldProblemsModal problems={problems} onClose={() => setProblems([])} />
      <PriceChangeModal open={priceModalOpen} resourceId={post._id} resourceTitle={post.title} onClose={() => setPriceModalOpen(false)} />
      <UnsavedChangesGuard dirty={form.dirty} />
    </div>
  );
}

function PostDeleted({ message, outcomeRef }: { message: string; outcomeRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="container template-editor template-editor--message">
      <title>{documentTitle('Post deleted')}</title>
      <h1>Post deleted</h1>
      <div ref={outcomeRef} tabIndex={-1} className="form-alert form-alert--success" role="status">
        {message}
      </div>
      <Link className="button button--primary" to="/shared-posts">
        Go Back
      </Link>
    </div>
  );
}

interface DeletePostSectionProps {
  confirming: boolean;
  deleting: boolean;
  /** The first click asks "Are you sure?", the second deletes. */
  onDelete: () => void;
  onCancel: () => void;
}

function DeletePostSection({ confirming, deleting, onDelete, onCancel }: DeletePostSectionProps) {
  return (
    <section className="template-editor__danger" aria-label="Delete">
      <button type="button" className="button button--danger-outline" disabled={deleting} onClick={onDelete}>
        {confirming ? 'Are you sure?' : 'Delete Post'}
      </button>
      {confirming && (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      )}
    </section>
  );
}

/** The price as it stands; changing it goes through an admin (the modal). */
function PriceSection({ price, onRequestChange }: { price: number; onRequestChange: () => void }) {
  return (
    <section className="template-editor__price" aria-labelledby="template-edit-price">
      <h2 id="template-edit-price" className="template-editor__section-title">
        Price
      </h2>
      <p>
        <strong data-testid="post-price">{formatPrice(price)}</strong>{' '}
        <span className="muted">(a price change needs an admin's approval)</span>
      </p>
      <button type="button" className="button button--secondary" onClick={onRequestChange}>
        Request price change
      </button>
    </section>
  );
}
