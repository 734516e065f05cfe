import { useEffect, useId, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { useParams } from 'react-router';

import {
  briefProblem,
  CUSTOM_STYLE_ID,
  GENERATOR,
  GENERATOR_APPS,
  GENERATOR_MESSAGES,
  GENERATOR_TEXTS,
  kindOfApp,
  SOON_LABEL,
  type Answers,
  type GenerationKind,
  type GeneratorApp,
  type QuestionSet,
} from '../../../domain/generator/rules.js';
import { Modal } from '../../components/ui/Modal.js';
import { copyGeneratedFile, followUpQuestions, generatorDefaults, generatorStatus, jobStatus, slideStyles, startGeneration, type StyleOption } from '../../features/generator/api.js';
import { OverrideEditors, ProgressOverlay, QuestionSets } from '../../features/generator/components/GeneratorParts.js';
import {
  briefOf,
  generatorReducer,
  INITIAL_GENERATOR_STATE,
  overridesOf,
  templateIdOf,
  type BriefFields,
  type GeneratorAction,
  type GeneratorState,
} from '../../features/generator/generator-state.js';
import { failureMessage, pollJob, type JobView } from '../../features/generator/job-polling.js';
import { useSession } from '../../features/session/session.js';
import { isAdminUser } from '../../features/shell/user-facts.js';
import { ApiError } from '../../lib/api-client.js';
import { useShowStartOnChange } from '../../lib/show-start-on-change.js';
import { documentTitle } from '../../lib/brand.js';
import { keepingAtMost } from '../../lib/character-limit.js';
import { characterCount } from '../../../domain/shared/characters.js';
import '../../features/generator/generator.css';

const reasonOf = (error: unknown) => (error instanceof ApiError ? error.message.replace(/^[\w.]+: /u, '') : GENERATOR_MESSAGES.templateFailed);

/** The style rail: the default style first and fixed, the others in a row that scrolls above 2; 'Custom' takes a template id. */
function StyleRail({ styles, chosen, customId, onChoose, onCustomId }: { styles: StyleOption[] | null; chosen: string; customId: string; onChoose: (id: string) => void; onCustomId: (id: string) => void }) {
  const customInputId = useId();
  const [first, ...others] = styles ?? [];
  const option = (style: StyleOption) => (
    <label key={style.id} className={`style-option${chosen === style.id ? ' style-option--chosen' : ''}`}>
      <input type="radio" name="style" className="visually-hidden" checked={chosen === style.id} onChange={() => onChoose(style.id)} />
      <img src={style.thumbUrl} alt="" width={160} height={90} />
      <span>{style.name}</span>
    </label>
  );
  return (
    <fieldset className="field style-picker">
      <legend className="field__label">Style</legend>
      <div className="style-rail">
        {styles === null ? (
          // No option before the list is in: one shown now would move under the pointer when the others arrive.
          <p className="style-option style-option--loading" role="status">
            <span className="style-option__placeholder" aria-hidden="true" />
            <span>Loading styles…</span>
          </p>
        ) : (
          <>
            {first && <div className="style-rail__fixed">{option(first)}</div>}
            <div className={`style-rail__others${others.length + 1 > GENERATOR.railScrollsAbove ? ' style-rail__others--scrolls' : ''}`} tabIndex={0} aria-label="More styles">
              {others.map(option)}
              <label className={`style-option style-option--custom${chosen === CUSTOM_STYLE_ID ? ' style-option--chosen' : ''}`}>
                <input type="radio" name="style" className="visually-hidden" checked={chosen === CUSTOM_STYLE_ID} onChange={() => onChoose(CUSTOM_STYLE_ID)} />
                <span className="style-option__custom-mark" aria-hidden="true">
                  +
                </span>
                <span>Custom</span>
              </label>
            </div>
          </>
        )}
      </div>
      {chosen === CUSTOM_STYLE_ID && (
        <div className="field">
          <label className="field__label" htmlFor={customInputId}>
            Template id
          </label>
          <input id={customInputId} className="field__input" value={customId} onChange={(event) => onCustomId(event.target.value)} placeholder="e.g. midnight" />
        </div>
      )}
    </fieldset>
  );
}

/** The page's title, heading and version, around the loading spinner or the generator. */
function GeneratorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container content-page generator-page">
      <title>{documentTitle('AI Template Generator')}</title>
      <header className="generator-page__header">
        <h1>{GENERATOR_TEXTS.title}</h1>
        <span className="generator-version">v{GENERATOR.versionLabel}</span>
      </header>
      {children}
    </div>
  );
}

/** /generate: the AI template generator (generator-admin-site.md sections 2, 4, 5, 8, 9). */
export function GeneratePage() {
  const { user } = useSession();
  const admin = user !== null && isAdminUser(user);
  const [state, dispatch] = useReducer(generatorReducer, INITIAL_GENERATOR_STATE);
  const { fields, step, error } = state;
  const kind = kindOfApp(fields.app);
  const stepStart = useRef<HTMLDivElement>(null);
  useShowStartOnChange(stepStart, `${step}/${error}`);
  // Leaving the page ends the running generation's polling (the job itself goes on on the server).
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

  useEffect(() => {
    void generatorStatus().then(
      (status) => dispatch({ type: 'modeLoaded', mode: status.mode }),
      () => dispatch({ type: 'modeLoaded', mode: 'unknown' }),
    );
    void slideStyles().then(
      (styles) => dispatch({ type: 'stylesLoaded', styles }),
      () => dispatch({ type: 'stylesLoaded', styles: [] }),
    );
  }, []);
  useEffect(() => {
    if (admin)
      void generatorDefaults().then(
        (defaults) => dispatch({ type: 'defaultsLoaded', defaults }),
        () => dispatch({ type: 'defaultsLoaded', defaults: null }),
      );
  }, [admin]);

  async function generate(withAnswers: Answers) {
    dispatch({ type: 'generationStarted' });
    try {
      const started = await startGeneration({
        ...briefOf(fields),
        ...(kind === 'docs' ? { format: 'html' as const, answers: withAnswers } : { templateId: templateIdOf(fields) }),
        ...overridesOf(fields, admin),
      });
      polling.current = new AbortController();
      const outcome = await pollJob({ kind, jobId: started.jobId, fetchJob: jobStatus, signal: polling.current.signal });
      if (outcome.outcome === 'abandoned') return;
      dispatch(outcome.outcome === 'done' ? { type: 'generationDone', job: outcome.job } : { type: 'generationFailed', message: outcome.message });
    } catch (caught) {
      dispatch({ type: 'generationFailed', message: failureMessage(reasonOf(caught)) });
    }
  }

  async function submitBrief() {
    // The API's own rules, run before calling (an admin may generate with only an override).
    const problem = briefProblem({ ...briefOf(fields), templateId: templateIdOf(fields), ...overridesOf(fields, admin) });
    if (problem) return dispatch({ type: 'refused', problem });
    // Slides go straight to generation; documents ask their follow-up questions first.
    if (kind === 'slides') return generate({});
    dispatch({ type: 'questionsRequested' });
    let questions: QuestionSet[];
    try {
      questions = (await followUpQuestions(briefOf(fields))).questions;
    } catch {
      return dispatch({ type: 'questionsFailed' });
    }
    dispatch({ type: 'questionsArrived', sets: questions });
    if (questions.length === 0) await generate({});
  }

  // The form waits for the mode: the offline notice above it, arriving later, would move it under the pointer.
  if (state.mode === 'loading') {
    return (
      <GeneratorFrame>
        <div className="spinner" role="status">
          <span className="visually-hidden">Loading the generator…</span>
        </div>
      </GeneratorFrame>
    );
  }
  return (
    <GeneratorFrame>
      {state.mode === 'offline' && (
        <p className="generator-offline" role="note">
          {GENERATOR_TEXTS.offlineNotice}
        </p>
      )}

      <div ref={stepStart} className="shows-below-bars">
        {error !== null && (
          <p className="form-alert form-alert--danger" role="alert">
            {error}
          </p>
        )}
        {step === 'brief' && <BriefForm state={state} admin={admin} dispatch={dispatch} onSubmit={() => void submitBrief()} />}
        {step === 'questions' && (
          <QuestionSets sets={state.sets} answers={state.answers} onAnswer={(id, value) => dispatch({ type: 'answered', id, value })} onGenerate={() => void generate(state.answers)} />
        )}
        {step === 'generating' && <ProgressOverlay />}
        {step === 'result' && state.result && <GeneratorResult result={state.result} kind={kind} />}
      </div>

      {step !== 'generating' && <RestartControl confirming={state.confirmingRestart} dispatch={dispatch} />}
    </GeneratorFrame>
  );
}

/** The brief: the app, the purpose, and for slides the audience, count and style; an admin's overrides beside the button. */
function BriefForm({ state, admin, dispatch, onSubmit }: { state: GeneratorState; admin: boolean; dispatch: Dispatch<GeneratorAction>; onSubmit: () => void }) {
  const ids = { purpose: useId(), audience: useId(), slides: useId(), reminder: useId() };
  const { fields } = state;
  const kind = kindOfApp(fields.app);
  const edit = (change: Partial<BriefFields>) => dispatch({ type: 'edited', change });
  const editing = (field: 'purpose' | 'audience') => (value: string) => edit({ [field]: value });

  return (
    <form
      className="generator-card form-stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <fieldset className="field app-choice">
        <legend className="field__label">App</legend>
        <div className="app-choice__options">
          {GENERATOR_APPS.map((option) => (
            <label key={option.id} className={`app-option${option.enabled ? '' : ' app-option--soon'}${fields.app === option.id ? ' app-option--chosen' : ''}`}>
              <input
                type="radio"
                name="app"
                className="visually-hidden"
                disabled={!option.enabled}
                checked={fields.app === option.id}
                onChange={() => option.enabled && edit({ app: option.id as GeneratorApp })}
              />
              <span>{option.label}</span>
              {!option.enabled && <span className="app-option__soon">{SOON_LABEL}</span>}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={ids.purpose}>
          Purpose
        </label>
        <textarea
          id={ids.purpose}
          className="field__input"
          rows={3}
          aria-describedby={ids.reminder}
          placeholder={kind === 'slides' ? 'e.g. Kick-off deck for our Q3 product launch' : 'e.g. A one-page proposal for a community garden'}
          value={fields.purpose}
          onChange={keepingAtMost(GENERATOR.purposeMax, editing('purpose'))}
        />
        <span className="field__counter muted">
          {characterCount(fields.purpose)}/{GENERATOR.purposeMax}
        </span>
        <p id={ids.reminder} className="generator-reminder muted">
          {GENERATOR_TEXTS.privacyReminder}
        </p>
      </div>

      {kind === 'slides' && (
        <>
          <div className="field">
            <label className="field__label" htmlFor={ids.audience}>
              Audience
            </label>
            <input id={ids.audience} className="field__input" value={fields.audience} onChange={keepingAtMost(GENERATOR.audienceMax, editing('audience'))} placeholder="e.g. the marketing team" />
            <span className="field__counter muted">
              {characterCount(fields.audience)}/{GENERATOR.audienceMax}
            </span>
          </div>
          <div className="field generator-slides-field">
            <label className="field__label" htmlFor={ids.slides}>
              Number of slides
            </label>
            {/* Text, not type="number": a number field hands over '' for 'abc' or '1e', which would mean the default. */}
            <input id={ids.slides} className="field__input" type="text" inputMode="numeric" autoComplete="off" value={fields.numSlides} onChange={(event) => edit({ numSlides: event.target.value })} />
          </div>
          <StyleRail styles={state.styles} chosen={fields.styleId} customId={fields.customId} onChoose={(styleId) => edit({ styleId })} onCustomId={(customId) => edit({ customId })} />
        </>
      )}

      <div className="generator-actions">
        {admin && (
          <OverrideEditors
            prompt={fields.promptOverride}
            hints={fields.hintsOverride}
            defaults={state.defaults}
            onSave={(change) =>
              edit({ ...(change.prompt !== undefined ? { promptOverride: change.prompt } : {}), ...(change.hints !== undefined ? { hintsOverride: change.hints } : {}) })
            }
          />
        )}
        <button type="submit" className="button button--primary" disabled={state.loadingQuestions}>
          {kind === 'slides' ? 'Generate' : state.loadingQuestions ? 'Loading questions…' : 'Next'}
        </button>
      </div>
    </form>
  );
}

/** Restart, once confirmed, empties the brief and goes back to it. */
function RestartControl({ confirming, dispatch }: { confirming: boolean; dispatch: Dispatch<GeneratorAction> }) {
  return (
    <>
      <p className="generator-restart">
        <button type="button" className="button button--ghost" onClick={() => dispatch({ type: 'restartAsked' })}>
          Restart
        </button>
      </p>
      <Modal
        open={confirming}
        title="Restart"
        onClose={() => dispatch({ type: 'restartCancelled' })}
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => dispatch({ type: 'restartCancelled' })}>
              Cancel
            </button>
            <button type="button" className="button button--danger" onClick={() => dispatch({ type: 'restarted' })}>
              Restart
            </button>
          </>
        }
      >
        <p>{GENERATOR_TEXTS.restartConfirm}</p>
      </Modal>
    </>
  );
}

/** The finished template: download it, make a copy, or import it. */
function GeneratorResult({ result, kind }: { result: JobView; kind: GenerationKind }) {
  return (
    <section className="generator-card generator-result" aria-labelledby="generator-result-title">
      <h2 id="generator-result-title">Your template is ready</h2>
      <p className="muted">{result.fileName}</p>
      <div className="generator-actions generator-actions--start">
        <a className="button button--primary" href={result.resultUrl!} download={result.fileName ?? undefined}>
          {GENERATOR_TEXTS.openTemplate}
        </a>
        <a className="button button--secondary" href={result.copyUrl!}>
          {GENERATOR_TEXTS.copy}
        </a>
      </div>
      <p className="muted generator-result__import">
        The file opens in PowerPoint or Word, and imports into {kind === 'slides' ? 'Google Slides' : 'Google Docs'} (File → Import).
      </p>
      {result.writer === 'model' ? <p className="generator-credit">{GENERATOR_TEXTS.poweredBy}</p> : <p className="generator-credit muted">Built offline from your brief (no AI model).</p>}
    </section>
  );
}

/** /generate/copy/:fileId — 'Copy': makes a file of the visitor's own from a generated template. */
export function GeneratedCopyPage() {
  const { fileId = '' } = useParams();
  const [state, setState] = useState<{ status: 'idle' | 'copying' | 'copied' | 'failed'; url?: string; name?: string; message?: string }>({ status: 'idle' });
  async function copy() {
    setState({ status: 'copying' });
    try {
      const answer = await copyGeneratedFile(fileId);
      setState({ status: 'copied', url: answer.resultUrl, name: answer.fileName });
    } catch (caught) {
      setState({ status: 'failed', message: reasonOf(caught) });
    }
  }
  return (
    <div className="container content-page narrow-page generator-page">
      <title>{documentTitle('Copy a generated template')}</title>
      <h1>Make a copy</h1>
      <p className="page-subtitle">This makes a copy of the generated template for you, with a link of its own.</p>
      {state.status === 'failed' && (
        <p className="form-alert form-alert--danger" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'copied' ? (
        <div className="generator-card">
          <p role="status">Your copy is ready: {state.name}</p>
          <a className="button button--primary" href={state.url} download={state.name}>
            {GENERATOR_TEXTS.openTemplate}
          </a>
        </div>
      ) : (
        <button type="button" className="button button--primary" disabled={state.status === 'copying'} onClick={() => void copy()}>
          Make a copy
        </button>
      )}
    </div>
  );
}
