import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';

import {
  COLLECTION_TYPES,
  CURATION_LIMITS,
  CURATION_MESSAGES,
  curationListProblem,
  curationSaveMessage,
  type CollectionEntry,
  type CollectionType,
  type CuratedList,
  type ListSaveOutcome,
  type TopAppEntry,
} from '@domain/discovery/curation.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { saveCuratedList } from '../curation-api.js';
import { useLoad } from '@/lib/use-load.js';

type Draft = { _id?: string; name: string; link: string; img: string; type: CollectionType; description: string };

const blank = (): Draft => ({ name: '', link: '', img: '', type: 'select', description: '' });
const draftOf = (entry: CollectionEntry | TopAppEntry): Draft => ({ ...blank(), ...entry, img: entry.img ?? '' });
const idsOf = (entries: readonly (CollectionEntry | TopAppEntry)[]) => entries.map((entry) => entry._id);
/** Spec: the editors take 1 to 8 entries, 4 by default; the saved lists start with their own length. */
const sized = (drafts: Draft[], count: number) => Array.from({ length: count }, (_, index) => drafts[index] ?? blank());

/** A list's save as the message needs it: a 400 carries the server's reason, anything else is only 'not saved'. */
const outcomeOf = (answer: PromiseSettledResult<unknown>): ListSaveOutcome =>
  answer.status === 'fulfilled'
    ? { saved: true }
    : { saved: false, refusal: answer.reason instanceof ApiError && answer.reason.status === 400 ? answer.reason.message : null };

async function fetchLists(signal: AbortSignal) {
  const [collections, topApps] = await Promise.all([
    apiRequest<CollectionEntry[]>('/collections', { signal }),
    apiRequest<TopAppEntry[]>('/topapps', { signal }),
  ]);
  return { collections, topApps };
}

function ListEditor({
  title,
  kind,
  drafts,
  disabled,
  onChange,
}: {
  title: string;
  kind: 'collections' | 'topapps';
  drafts: Draft[];
  disabled: boolean;
  onChange: (drafts: Draft[]) => void;
}) {
  const id = useId();
  const set = (index: number, change: Partial<Draft>) =>
    onChange(drafts.map((draft, slot) => (slot === index ? { ...draft, ...change } : draft)));
  return (
    <fieldset className="admin-curation" disabled={disabled}>
      <legend>{title}</legend>
      <label className="admin-list__control" htmlFor={`${id}-count`}>
        Entries
        <select
          className="form-field__input"
          id={`${id}-count`}
          value={drafts.length}
          onChange={(event) => onChange(sized(drafts, Number(event.target.value)))}
        >
          {Array.from({ length: CURATION_LIMITS.max - CURATION_LIMITS.min + 1 }, (_, index) => index + CURATION_LIMITS.min).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <ol className="admin-curation__entries">
        {drafts.map((draft, index) => (
          <li key={index} className="admin-curation__entry" aria-label={`${title} entry ${index + 1}`}>
            <label className="admin-curation__field">
              Name
              <input
                className="form-field__input"
                placeholder="Name"
                value={draft.name}
                onChange={(event) => set(index, { name: event.target.value })}
                required
              />
            </label>
            <label className="admin-curation__field">
              Link
              <input
                className="form-field__input"
                placeholder="/topics/ai or https://…"
                value={draft.link}
                onChange={(event) => set(index, { link: event.target.value })}
                required
              />
            </label>
            <label className="admin-curation__field">
              Image
              <input
                className="form-field__input"
                placeholder="Image address (optional)"
                value={draft.img}
                onChange={(event) => set(index, { img: event.target.value })}
              />
            </label>
            {kind === 'collections' ? (
              <label className="admin-curation__field">
                Type
                <select
                  className="form-field__input"
                  value={draft.type}
                  onChange={(event) => set(index, { type: event.target.value as CollectionType })}
                >
                  {Object.entries(COLLECTION_TYPES).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <label className="admin-curation__field">
                Description
                <input
                  className="form-field__input"
                  placeholder="Description"
                  value={draft.description}
                  onChange={(event) => set(index, { description: event.target.value })}
                />
              </label>
            )}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/**
 * Homepage collections and top apps editors: one Save sends both lists (spec: PUT /admin/api/collections and /topapps,
 * after a DELETE …/{id} for each entry removed when the count shrank).
 */
export function CurationEditors() {
  const { state } = useLoad(useCallback((signal: AbortSignal) => fetchLists(signal), []));
  const [collections, setCollections] = useState<Draft[]>([]);
  const [topApps, setTopApps] = useState<Draft[]>([]);
  // The ids the server holds: those the form no longer has are removed by DELETE on the next save (spec).
  const [savedIds, setSavedIds] = useState<Record<CuratedList, string[]>>({ collections: [], topapps: [] });
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState<string | null>(null);
  useEffect(() => {
    if (state.phase !== 'loaded') return;
    setCollections(state.value.collections.length > 0 ? state.value.collections.map(draftOf) : sized([], CURATION_LIMITS.default));
    setTopApps(state.value.topApps.length > 0 ? state.value.topApps.map(draftOf) : sized([], CURATION_LIMITS.default));
    setSavedIds({ collections: idsOf(state.value.collections), topapps: idsOf(state.value.topApps) });
  }, [state]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const entry = ({ _id, name, link, img }: Draft) => ({ ...(_id ? { _id } : {}), name, link, img });
    const collectionsBody = collections.map((draft) => ({ ...entry(draft), type: draft.type }));
    const topAppsBody = topApps.map((draft) => ({ ...entry(draft), description: draft.description }));
    // An entry the server would refuse: say which and why, rather than 'please try again', which cannot help.
    const problem = curationListProblem('collections', collectionsBody) ?? curationListProblem('topapps', topAppsBody);
    if (problem !== null) {
      window.alert(problem);
      return;
    }
    setBusy(true);
    setUnsaved(null);
    // Each list by its own requests (spec): saved or not on its own, so one failing does not stop the other.
    const [collectionsAnswer, topAppsAnswer] = await Promise.allSettled([
      saveCuratedList<CollectionEntry>('collections', savedIds.collections, collectionsBody),
      saveCuratedList<TopAppEntry>('topapps', savedIds.topapps, topAppsBody),
    ]);
    // Hold the ids the server gave new entries: sent again without them, they would be new entries on every save.
    // A list not saved keeps the admin's edits and its saved ids, for the retry.
    if (collectionsAnswer.status === 'fulfilled') setCollections(collectionsAnswer.value.map(draftOf));
    if (topAppsAnswer.status === 'fulfilled') setTopApps(topAppsAnswer.value.map(draftOf));
    setSavedIds((saved) => ({
      collections: collectionsAnswer.status === 'fulfilled' ? idsOf(collectionsAnswer.value) : saved.collections,
      topapps: topAppsAnswer.status === 'fulfilled' ? idsOf(topAppsAnswer.value) : saved.topapps,
    }));
    const message = curationSaveMessage({ collections: outcomeOf(collectionsAnswer), topapps: outcomeOf(topAppsAnswer) });
    setBusy(false);
    // The alert goes once dismissed; what was not saved stays said beside the button until the next save.
    setUnsaved(message === CURATION_MESSAGES.saved ? null : message);
    window.alert(message);
  }

  return (
    <div className="admin-list">
      <h2 className="admin-page__heading">Homepage collections and top apps</h2>
      {state.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {state.phase === 'failed' && <p role="alert">{state.message}</p>}
      {state.phase === 'loaded' && (
        <form className="admin-stats" onSubmit={save}>
          {/* Locked while saving: the answered lists replace the drafts, and would drop edits typed meanwhile. */}
          <ListEditor title="Collections" kind="collections" drafts={collections} disabled={busy} onChange={setCollections} />
          <ListEditor title="Top apps" kind="topapps" drafts={topApps} disabled={busy} onChange={setTopApps} />
          {unsaved !== null && (
            <p className="admin-user__error" role="alert">
              {unsaved}
            </p>
          )}
          <div>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save collections and apps'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
