import { useEffect, useId, useState } from 'react';

import { formatPrice } from '@domain/catalogue/presentation.js';
import { SURFACE_LABELS, type VisibilityAnswer } from '@domain/templates/visibility.js';
import { asOfProblem } from '@domain/shared/as-of.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { localDateTimeValue } from '@/lib/date-time.js';
import './visibility.css';

type PanelState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'loaded'; answer: VisibilityAnswer };

/** A moment picked in the field (the viewer's time zone), or nothing for now; a moment the API would refuse says why. */
function asOfFor(moment: string): { asOf: string | null; problem: string | null } {
  if (moment === '') return { asOf: null, problem: null };
  const at = new Date(moment);
  const problem = asOfProblem(at, new Date());
  return problem === null ? { asOf: at.toISOString(), problem } : { asOf: null, problem };
}

/**
 * Where the post is shown and why, for its author and admins: now, or at a past moment, from the
 * log, with its ranks either way. Loaded when its section is opened (a chunk of its own).
 */
export default function VisibilityPanel({ resourceId }: { resourceId: string }) {
  const [moment, setMoment] = useState('');
  const [state, setState] = useState<PanelState>({ phase: 'loading' });
  const dateId = useId();
  const { asOf, problem } = asOfFor(moment);

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    const query = asOf === null ? '' : `?asOf=${encodeURIComponent(asOf)}`;
    apiRequest<VisibilityAnswer>(`/resources/${encodeURIComponent(resourceId)}/visibility${query}`, {
      signal: controller.signal,
      authFailures: 'silent',
    }).then(
      (answer) => setState({ phase: 'loaded', answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ phase: 'failed', message: error instanceof ApiError || error instanceof Error ? error.message : 'Please try again.' });
      },
    );
    return () => controller.abort();
  }, [resourceId, asOf]);

  return (
    <div className="visibility-panel">
      <div className="visibility-panel__as-of">
        <label htmlFor={dateId}>As of</label>
        <input
          id={dateId}
          className="form-field__input"
          type="datetime-local"
          value={moment}
          max={localDateTimeValue(new Date().toISOString())}
          aria-invalid={problem !== null}
          onChange={(event) => setMoment(event.currentTarget.value)}
        />
        {moment !== '' && (
          <button type="button" className="button button--secondary" onClick={() => setMoment('')}>
            Now
          </button>
        )}
      </div>
      {problem !== null && (
        <p className="form-field__message form-field__message--error" role="alert">
          {problem}
        </p>
      )}
      {state.phase === 'loading' && (
        <p className="visibility-panel__note" role="status">
          Loading…
        </p>
      )}
      {state.phase === 'failed' && (
        <p className="form-alert form-alert--danger" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'loaded' && <Surfaces answer={state.answer} past={asOf !== null} />}
    </div>
  );
}

/** `past`: the answer explains the end of a past day, said in the past tense. */
function Surfaces({ answer, past }: { answer: VisibilityAnswer; past: boolean }) {
  const [can, is] = past ? ['could', 'was'] : ['can', 'is'];
  return (
    <>
      <p className="visibility-panel__note">
        {answer.listed ? `Anyone ${can} open and find this post.` : `Only you and the moderators ${can} see this post.`}
        {answer.score && ` Score: ${answer.score.parts.map((part) => `${part.value} ${part.name}`).join(' + ')}.`}
        {answer.sale &&
          ` Price: ${formatPrice(answer.sale.priceCents / 100)}, ${answer.sale.forSale ? `${is} for sale` : `${is} not for sale`}.`}
      </p>
      <ul className="visibility-panel__list" aria-label="Where this post is shown">
        {answer.surfaces.map((surface) => (
          <li key={surface.surface} className="visibility-panel__surface">
            <div className="visibility-panel__head">
              <span className="visibility-panel__name">{SURFACE_LABELS[surface.surface]}</span>
              <span className={surface.shown ? 'visibility-panel__shown' : 'visibility-panel__not-shown'}>
                {surface.shown ? 'Shown' : 'Not shown'}
                {surface.rank !== undefined && ` · #${surface.rank}`}
              </span>
            </div>
            {surface.reasons.map((reason) => (
              <p key={reason.code} className="visibility-panel__reason">
                {reason.message}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
