import { useEffect, useId, useRef, useState } from 'react';

import { GENERATOR, GENERATOR_TEXTS, parseHintsOverride, type Answers, type Question, type QuestionSet } from '@domain/generator/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { useShowStartOnChange } from '@/lib/show-start-on-change.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { progressMessageIndex } from '../job-polling.js';

/** One follow-up question in its own control (radio, checkbox, dropdown, slider, text). */
function QuestionField({
  question,
  value,
  onChange,
}: {
  question: Question;
  value: Answers[string] | undefined;
  onChange: (value: Answers[string]) => void;
}) {
  const id = useId();
  const options = question.options ?? [];
  switch (question.type) {
    case 'radio':
      return (
        <fieldset className="question">
          <legend className="question__label">{question.question}</legend>
          {options.map((option) => (
            <label key={option} className="choice">
              <input type="radio" name={id} checked={value === option} onChange={() => onChange(option)} /> {option}
            </label>
          ))}
        </fieldset>
      );
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="question">
          <legend className="question__label">{question.question}</legend>
          {options.map((option) => (
            <label key={option} className="choice">
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
              />{' '}
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'dropdown':
      return (
        <div className="question field">
          <label className="question__label" htmlFor={id}>
            {question.question}
          </label>
          <select
            id={id}
            className="field__input"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Choose…</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      );
    case 'slider': {
      const min = question.min ?? 0;
      const max = question.max ?? 10;
      const current = typeof value === 'number' ? value : Math.round((min + max) / 2);
      return (
        <div className="question field">
          <label className="question__label" htmlFor={id}>
            {question.question} <output className="question__value">{current}</output>
          </label>
          <input
            id={id}
            type="range"
            min={min}
            max={max}
            step={question.step ?? 1}
            value={current}
            onChange={(event) => onChange(Number(event.target.value))}
          />
        </div>
      );
    }
    case 'text':
      return (
        <div className="question field">
          <label className="question__label" htmlFor={id}>
            {question.question}
          </label>
          <input
            id={id}
            className="field__input"
            placeholder={question.placeholder}
            value={typeof value === 'string' ? value : ''}
            onChange={keepingAtMost(GENERATOR.answerTextMax, onChange)}
          />
        </div>
      );
  }
}

/** Step 2: one question set at a time; Skip and Next Set move on, the last set says Generate. */
export function QuestionSets({
  sets,
  answers,
  onAnswer,
  onGenerate,
}: {
  sets: QuestionSet[];
  answers: Answers;
  onAnswer: (id: string, value: Answers[string]) => void;
  onGenerate: () => void;
}) {
  const [index, setIndex] = useState(0);
  const set = sets[index]!;
  const last = index === sets.length - 1;
  const next = () => (last ? onGenerate() : setIndex(index + 1));
  const start = useRef<HTMLElement>(null);
  useShowStartOnChange(start, index);
  return (
    <section ref={start} className="generator-card shows-below-bars" aria-labelledby="question-set-title">
      <p className="muted">
        Set {index + 1} of {sets.length}
      </p>
      <h2 id="question-set-title">{set.title}</h2>
      <div className="question-list">
        {set.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={answers[question.id]}
            onChange={(value) => onAnswer(question.id, value)}
          />
        ))}
      </div>
      <div className="generator-actions">
        <button type="button" className="button button--ghost" onClick={next}>
          Skip
        </button>
        <button type="button" className="button button--primary" onClick={next}>
          {last ? 'Generate' : 'Next Set'}
        </button>
      </div>
    </section>
  );
}

/** The progress overlay: messages rotate every 1000 ms and stop at the last; after 60 s 'Still generating…'. */
export function ProgressOverlay() {
  const [elapsedMs, setElapsedMs] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsedMs(Date.now() - started), 250);
    return () => clearInterval(timer);
  }, []);
  const messages = GENERATOR_TEXTS.progressMessages;
  const secondsLeft = Math.max(0, GENERATOR.countdownSeconds - Math.floor(elapsedMs / 1000));
  return (
    <div className="generator-overlay" role="status" aria-live="polite">
      <div className="generator-overlay__panel">
        <span className="generator-overlay__spinner" aria-hidden="true" />
        <p className="generator-overlay__message">{messages[progressMessageIndex(elapsedMs, messages.length)]}</p>
        <p className="muted generator-overlay__countdown">
          {secondsLeft > 0 ? `About ${secondsLeft} s left` : GENERATOR_TEXTS.stillGenerating}
        </p>
      </div>
    </div>
  );
}

/** The admins' Prompt and Hints override editors; hints must be a JSON object (blank is none). */
export function OverrideEditors({
  prompt,
  hints,
  defaults,
  onSave,
}: {
  prompt: string;
  hints: string;
  defaults: { defaultPromptTemplate: string; defaultHints: Record<string, unknown> } | null;
  onSave: (change: { prompt?: string; hints?: string }) => void;
}) {
  const [open, setOpen] = useState<'prompt' | 'hints' | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const openEditor = (which: 'prompt' | 'hints') => {
    setDraft(which === 'prompt' ? prompt : hints);
    setError(null);
    setOpen(which);
  };
  const save = () => {
    if (open === 'hints') {
      const parsed = parseHintsOverride(draft);
      if (!parsed.ok) {
        setError(parsed.message);
        return;
      }
    }
    onSave(open === 'prompt' ? { prompt: draft } : { hints: draft });
    setOpen(null);
  };
  return (
    <div className="override-buttons">
      <button type="button" className="button button--ghost" onClick={() => openEditor('prompt')}>
        Prompt{prompt.trim() ? ' ✓' : ''}
      </button>
      <button type="button" className="button button--ghost" onClick={() => openEditor('hints')}>
        Hints{hints.trim() ? ' ✓' : ''}
      </button>
      <Modal
        open={open !== null}
        title={open === 'prompt' ? 'Prompt override' : 'Hints override'}
        onClose={() => setOpen(null)}
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setOpen(null)}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={save}>
              Save
            </button>
          </>
        }
      >
        <label className="field__label" htmlFor={id}>
          {open === 'prompt' ? 'Prompt template (blank: the default is used)' : 'Hints as a JSON object (blank: none)'}
        </label>
        <textarea
          id={id}
          className="field__input override-editor"
          rows={8}
          value={draft}
          placeholder={open === 'prompt' ? defaults?.defaultPromptTemplate : JSON.stringify(defaults?.defaultHints ?? {}, null, 2)}
          aria-invalid={error !== null}
          onChange={(event) => setDraft(event.target.value)}
        />
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </div>
  );
}
