import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';

import {
  briefProblem,
  CUSTOM_STYLE_ID,
  DEFAULT_STYLE_ID,
  GENERATOR,
  GENERATOR_APPS,
  GENERATOR_MESSAGES,
  GENERATOR_TEXTS,
  kindOfApp,
  numSlidesOfText,
  SOON_LABEL,
  type Answers,
  type GeneratorApp,
  type QuestionSet,
} from '@domain/generator/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { copyGeneratedFile, followUpQuestions, generatorDefaults, generatorStatus, jobStatus, slideStyles, startGeneration, type StyleOption } from '@/features/generator/api.js';
import { OverrideEditors, ProgressOverlay, QuestionSets } from '@/features/generator/components/GeneratorParts.js';
import { failureMessage, pollJob, type JobView } from '@/features/generator/job-polling.js';
import { useSession } from '@/lib/session.js';
import { isAdminUser } from '@/lib/user-facts.js';
import { ApiError } from '@/lib/api-client.js';
import { useShowStartOnChange } from '@/lib/show-start-on-change.js';
import { documentTitle } from '@/lib/brand.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { characterCount } from '@domain/shared/characters.js';
import '@/features/generator/generator.css';

type Step = 'brief' | 'questions' | 'generating' | 'result';

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
  const ids = { purpose: useId(), audience: useId(), slides: useId(), reminder: useId() };
  const [mode, setMode] = useState<'model' | 'offline' | 'unknown' | 'loading'>('loading');
  const [styles, setStyles] = useState<StyleOption[] | null>(null);
  const [defaults, setDefaults] = useState<{ defaultPromptTemplate: string; defaultHints: Record<string, unknown> } | null>(null);

  const [step, setStep] = useState<Step>('brief');
  const [app, setApp] = useState<GeneratorApp>('google-slides');
  const [purpose, setPurpose] = useState('');
  const [audience, setAudience] = useState('');
  const [numSlides, setNumSlides] = useState<string>(String(GENERATOR.defaultSlides));
  const [styleId, setStyleId] = useState(DEFAULT_STYLE_ID);
  const [customId, setCustomId] = useState('');
  const [promptOverride, setPromptOverride] = useState('');
  const [hintsOverride, setHintsOverride] = useState('');
  const [sets, setSets] = useState<QuestionSet[]>([]);
  const [answers, setAnswers] = useState<Answers>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<JobView | null>(null);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const kind = kindOfApp(app);
  const stepStart = useRef<HTMLDivElement>(null);
  useShowStartOnChange(stepStart, `${step}/${error}`);
  // Leaving the page ends the running generation's polling (the job itself goes on on the server).
  const polling = useRef<AbortController | null>(null);
  useEffect(() => () => polling.current?.abort(), []);

  useEffect(() => {
    void generatorStatus().then((status) => setMode(status.mode), () => setMode('unknown'));
    void slideStyles().then(setStyles, () => setStyles([]));
  }, []);
  useEffect(() => {
    if (admin) void generatorDefaults().then(setDefaults, () => setDefaults(null));
  }, [admin]);

  const brief = () => ({
    brief: purpose.trim(),
    app,
    ...(kind === 'slides' ? { audience: audience.trim(), numSlides: numSlidesOfText(numSlides) } : {}),
  });
  const templateId = () => (kind !== 'slides' ? null : styleId === CUSTOM_STYLE_ID ? customId.trim() || CUSTOM_STYLE_ID : styleId);

  const overrides = () => ({
    ...(admin && promptOverride.trim() ? { overridePromptTemplate: promptOverride } : {}),
    ...(admin && hintsOverride.trim() ? { overrideHints: hintsOverride } : {}),
  });
  /** The API's own rules, run before calling (an admin may generate with only an override). */
  const localProblem = () => briefProblem({ ...brief(), templateId: templateId(), ...overrides() });

  async function generate(withAnswers: Answers) {
    setStep('generating');
    setError(null);
    try {
      const started = await startGeneration({
        ...brief(),
        ...(kind === 'docs' ? { format: 'html' as const, answers: withAnswers } : { templateId: templateId() }),
        ...overrides(),
      });
      polling.current = new AbortController();
      const outcome = await pollJob({ kind, jobId: started.jobId, fetchJob: jobStatus, signal: polling.current.signal });
      if (outcome.outcome === 'abandoned') return;
      if (outcome.outcome === 'done') {
        setResult(outcome.job);
        setStep('result');
      } else {
        setError(outcome.message);
        setStep('brief');
      }
    } catch (caught) {
      setError(failureMessage(reasonOf(caught)));
      setStep('brief');
    }
  }

  async function submitBrief(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = localProblem();
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    // Slides go straight to generation; documents ask their follow-up questions first.
    if (kind === 'slides') {
      await generate({});
      return;
    }
    setBusy(true);
    try {
      const { questions } = await followUpQuestions(brief());
      setSets(questions);
      setAnswers({});
      setStep(questions.length > 0 ? 'questions' : 'brief');
      if (questions.length === 0) await generate({});
    } catch {
      setError(GENERATOR_MESSAGES.questionsFailed);
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    setConfirmRestart(false);
    setStep('brief');
    setApp('google-slides');
    setPurpose('');
    setAudience('');
    setNumSlides(String(GENERATOR.defaultSlides));
    setStyleId(DEFAULT_STYLE_ID);
    setCustomId('');
    setPromptOverride('');
    setHintsOverride('');
    setSets([]);
    setAnswers({});
    setResult(null);
    setError(null);
  }

  // The form waits for the mode: the offline notice above it, arriving later, would move it under the pointer.
  if (mode === 'loading') {
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
      {mode === 'offline' && (
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

        {step === 'brief' && (
          <form className="generator-card form-stack" onSubmit={(event) => void submitBrief(event)} noValidate>
            <fieldset className="field app-choice">
              <legend className="field__label">App</legend>
              <div className="app-choice__options">
                {GENERATOR_APPS.map((option) => (
                  <label key={option.id} className={`app-option${option.enabled ? '' : ' app-option--soon'}${app === option.id ? ' app-option--chosen' : ''}`}>
                    <input
                      type="radio"
                      name="app"
                      className="visually-hidden"
                      disabled={!option.enabled}
                      checked={app === option.id}
                      onChange={() => option.enabled && setApp(option.id as GeneratorApp)}
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
                value={purpose}
                onChange={keepingAtMost(GENERATOR.purposeMax, setPurpose)}
              />
              <span className="field__counter muted">
                {characterCount(purpose)}/{GENERATOR.purposeMax}
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
                  <input id={ids.audience} className="field__input" value={audience} onChange={keepingAtMost(GENERATOR.audienceMax, setAudience)} placeholder="e.g. the marketing team" />
                  <span className="field__counter muted">
                    {characterCount(audience)}/{GENERATOR.audienceMax}
                  </span>
                </div>
                <div className="field generator-slides-field">
                  <label className="field__label" htmlFor={ids.slides}>
                    Number of slides
                  </label>
                  {/* Text, not type="number": a number field hands over '' for 'abc' or '1e', which would mean the default. */}
                  <input id={ids.slides} className="field__input" type="text" inputMode="numeric" autoComplete="off" value={numSlides} onChange={(event) => setNumSlides(event.target.value)} />
                </div>
                <StyleRail styles={styles} chosen={styleId} customId={customId} onChoose={setStyleId} onCustomId={setCustomId} />
              </>
            )}

            <div className="generator-actions">
              {admin && (
                <OverrideEditors
                  prompt={promptOverride}
                  hints={hintsOverride}
                  defaults={defaults}
                  onSave={(change) => {
                    if (change.prompt !== undefined) setPromptOverride(change.prompt);
                    if (change.hints !== undefined) setHintsOverride(change.hints);
                  }}
                />
              )}
              <button type="submit" className="button button--primary" disabled={busy}>
                {kind === 'slides' ? 'Generate' : busy ? 'Loading questions…' : 'Next'}
              </button>
            </div>
          </form>
        )}

        {step === 'questions' && (
          <QuestionSets sets={sets} answers={answers} onAnswer={(id, value) => setAnswers((current) => ({ ...current, [id]: value }))} onGenerate={() => void generate(answers)} />
        )}

        {step === 'generating' && <ProgressOverlay />}

        {step === 'result' && result && (
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
        )}
      </div>

      {step !== 'generating' && (
        <p className="generator-restart">
          <button type="button" className="button button--ghost" onClick={() => setConfirmRestart(true)}>
            Restart
          </button>
        </p>
      )}
      <Modal
        open={confirmRestart}
        title="Restart"
        onClose={() => setConfirmRestart(false)}
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setConfirmRestart(false)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" onClick={restart}>
              Restart
            </button>
          </>
        }
      >
        <p>{GENERATOR_TEXTS.restartConfirm}</p>
      </Modal>
    </GeneratorFrame>
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
