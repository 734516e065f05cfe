import { useEffect, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { useLoaderData, useParams } from 'react-router';

import {
  briefProblem,
  GENERATOR,
  GENERATOR_MESSAGES,
  GENERATOR_TEXTS,
  kindOfApp,
  type Answers,
  type GenerationKind,
  type QuestionSet,
} from '@domain/generator/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import {
  copyGeneratedFile,
  followUpQuestions,
  generatorDefaults,
  generatorStatus,
  jobStatus,
  slideStyles,
  startGeneration,
  type StyleOption,
} from '@/features/generator/api.js';
import { BriefForm } from '@/features/generator/components/BriefForm.js';
import { ProgressOverlay, QuestionSets } from '@/features/generator/components/GeneratorParts.js';
import {
  briefOf,
  generatorReducer,
  INITIAL_GENERATOR_STATE,
  overridesOf,
  templateIdOf,
  type GeneratorAction,
  type GeneratorMode,
} from '@/features/generator/generator-state.js';
import { failureMessage, pollJob, type JobView } from '@/features/generator/job-polling.js';
import { useSession } from '@/lib/session.js';
import { isAdminUser } from '@/lib/user-facts.js';
import { ApiError } from '@/lib/api-client.js';
import { useShowStartOnChange } from '@/lib/show-start-on-change.js';
import { documentTitle } from '@/lib/brand.js';
import '@/features/generator/generator.css';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

const reasonOf = (error: unknown) =>
  error instanceof ApiError ? error.message.replace(/^[\w.]+: /u, '') : GENERATOR_MESSAGES.templateFailed;

/** The page's title, heading and version, around the loading spinner or the generator. */
function GeneratorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container content-page generator-page">
      <PageHead title="AI Template Generator" description={PAGE_DESCRIPTIONS.generate} />
      <header className="generator-page__header">
        <h1>{GENERATOR_TEXTS.title}</h1>
        <span className="generator-version">v{GENERATOR.versionLabel}</span>
      </header>
      {children}
    </div>
  );
}

/**
 * The generator's mode and slide styles: the same for every visitor, so the server renders the brief
 * form with them (a failed answer leaves the mode unknown and the styles empty, as the page then says).
 */
export async function generateLoader(): Promise<{ mode: GeneratorMode; styles: StyleOption[] }> {
  const [mode, styles] = await Promise.all([
    generatorStatus().then(
      (status): GeneratorMode => status.mode,
      (): GeneratorMode => 'unknown',
    ),
    slideStyles().catch((): StyleOption[] => []),
  ]);
  return { mode, styles };
}

/** /generate: the AI template generator (generator-admin-site.md sections 2, 4, 5, 8, 9). */
export function GeneratePage() {
  const { user } = useSession();
  const admin = user !== null && isAdminUser(user);
  const loaded = useLoaderData<typeof generateLoader>();
  const [state, dispatch] = useReducer(generatorReducer, loaded, (settings) => ({ ...INITIAL_GENERATOR_STATE, ...settings }));
  const { fields, step, error } = state;
  const kind = kindOfApp(fields.app);
  const stepStart = useRef<HTMLDivElement>(null);
  useShowStartOnChange(stepStart, `${step}/${error}`);
  // Leaving the page ends the running generation's polling (the job itself goes on on the server).
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

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
      dispatch(
        outcome.outcome === 'done' ? { type: 'generationDone', job: outcome.job } : { type: 'generationFailed', message: outcome.message },
      );
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
          <QuestionSets
            sets={state.sets}
            answers={state.answers}
            onAnswer={(id, value) => dispatch({ type: 'answered', id, value })}
            onGenerate={() => void generate(state.answers)}
          />
        )}
        {step === 'generating' && <ProgressOverlay />}
        {step === 'result' && state.result && <GeneratorResult result={state.result} kind={kind} />}
      </div>

      {step !== 'generating' && <RestartControl confirming={state.confirmingRestart} dispatch={dispatch} />}
    </GeneratorFrame>
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
      {result.writer === 'model' ? (
        <p className="generator-credit">{GENERATOR_TEXTS.poweredBy}</p>
      ) : (
        <p className="generator-credit muted">Built offline from your brief (no AI model).</p>
      )}
    </section>
  );
}

/** /generate/copy/:fileId — 'Copy': makes a file of the visitor's own from a generated template. */
export function GeneratedCopyPage() {
  const { fileId = '' } = useParams();
  const [state, setState] = useState<{ status: 'idle' | 'copying' | 'copied' | 'failed'; url?: string; name?: string; message?: string }>({
    status: 'idle',
  });
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
