import { useState } from 'react';

import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { updateKeywords, validateReadModels, type ValidationAnswer } from '../import-api.js';

/** Validate (the read models against a rebuild of the log) and update AI keywords (offline, for live posts with none). */
export function MaintenanceActions() {
  const [busy, setBusy] = useState<'validate' | 'keywords' | null>(null);
  const [validation, setValidation] = useState<ValidationAnswer | null>(null);
  const [keywords, setKeywords] = useState<{ message: string; updated: { _id: string; title: string; keywords: string[] }[] } | null>(null);

  async function run(action: 'validate' | 'keywords') {
    setBusy(action);
    try {
      if (action === 'validate') setValidation(await validateReadModels());
      else setKeywords(await updateKeywords());
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error), TOAST_ERROR_TIMEOUT_MS);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-list maintenance">
      <h2 className="admin-page__heading">Validate and update keywords</h2>
      <section className="maintenance__action" aria-label="Validate">
        <p className="admin-list__note">
          Rebuilds every read model from the event log into scratch tables and compares them with the live ones, table by table.
        </p>
        <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void run('validate')}>
          {busy === 'validate' ? 'Validating...' : 'Validate'}
        </button>
        {validation && (
          <div role="status">
            <p className={validation.success ? 'admin-user__ok' : 'admin-user__error'}>{validation.message}</p>
            <p className="admin-list__note">
              {validation.tables} tables compared at log position {validation.position}.
            </p>
            {validation.differences.length > 0 && (
              <ul className="maintenance__differences" aria-label="Differences">
                {validation.differences.map((difference) => (
                  <li key={difference.table}>
                    <strong>{difference.table}</strong> ({difference.projection}): {difference.liveRows} live rows, {difference.rebuiltRows}{' '}
                    rebuilt; {difference.onlyLive} only live, {difference.onlyRebuilt} only in the rebuild
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <section className="maintenance__action" aria-label="Update AI keywords">
        <p className="admin-list__note">Gives live posts that have no keywords up to three, taken from their title and description.</p>
        <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void run('keywords')}>
          {busy === 'keywords' ? 'Updating...' : 'Update AI keywords'}
        </button>
        {keywords && (
          <div role="status">
            <p className="admin-user__ok">{keywords.message}</p>
            <p className="admin-list__note">
              {keywords.updated.length === 0 ? 'Every live post already had keywords.' : `${keywords.updated.length} posts got keywords:`}
            </p>
            {keywords.updated.length > 0 && (
              <ul className="maintenance__differences" aria-label="Posts given keywords">
                {keywords.updated.map((post) => (
                  <li key={post._id}>
                    <strong>{post.title}</strong>: {post.keywords.join(', ')}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
