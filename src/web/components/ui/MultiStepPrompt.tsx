import { useState, type ReactNode } from 'react';

import { Modal } from './Modal.js';

export interface PromptStep {
  /** Shown as the dialog title while this step is open. */
  title: string;
  content: ReactNode;
  /**
   * The optional selection requirement (spec: multi-step prompt): while `satisfied` is false,
   * Next / Finish stay disabled and the hint says what is missing.
   */
  selection?: { satisfied: boolean; hint: string };
}

export interface MultiStepPromptProps {
  open: boolean;
  steps: readonly PromptStep[];
  onClose: () => void;
  /** Called by Finish on the last step; the prompt stays open (buttons disabled) until it settles. */
  onFinish: () => void | Promise<void>;
  finishLabel?: string;
  className?: string;
}

/**
 * A modal that walks through steps with Back, Next and Finish and a row of step dots.
 * It starts at the first step every time it opens.
 */
export function MultiStepPrompt({ open, steps, onClose, onFinish, finishLabel = 'Finish', className }: MultiStepPromptProps) {
  const [stepIndex, setStepIndex] = useState(0);
  const [finishing, setFinishing] = useState(false);
  // Restart from the first step when the prompt is reopened (state adjusted during render, no effect needed).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setStepIndex(0);
  }

  const lastIndex = steps.length - 1;
  const currentIndex = Math.min(stepIndex, lastIndex);
  const step = steps[currentIndex];
  if (step === undefined) return null;
  const isLast = currentIndex === lastIndex;
  const blocked = step.selection !== undefined && !step.selection.satisfied;

  async function finish() {
    setFinishing(true);
    try {
      await onFinish();
    } finally {
      setFinishing(false);
    }
  }

  return (
    <Modal
      open={open}
      title={step.title}
      onClose={onClose}
      className={`multi-step-prompt${className ? ` ${className}` : ''}`}
      actions={
        <div className="multi-step-prompt__footer">
          <ol className="multi-step-prompt__dots" aria-label={`Step ${currentIndex + 1} of ${steps.length}`}>
            {steps.map((candidate, index) => (
              <li
                key={candidate.title}
                className="multi-step-prompt__dot"
                data-active={index === currentIndex || undefined}
                aria-current={index === currentIndex ? 'step' : undefined}
              >
                <span className="visually-hidden">{candidate.title}</span>
              </li>
            ))}
          </ol>
          <div className="multi-step-prompt__buttons">
            {currentIndex > 0 && (
              <button type="button" className="button button--ghost" disabled={finishing} onClick={() => setStepIndex(currentIndex - 1)}>
                Back
              </button>
            )}
            {isLast ? (
              <button type="button" className="button button--primary" disabled={blocked || finishing} onClick={() => void finish()}>
                {finishLabel}
              </button>
            ) : (
              <button type="button" className="button button--primary" disabled={blocked} onClick={() => setStepIndex(currentIndex + 1)}>
                Next
              </button>
            )}
          </div>
        </div>
      }
    >
      {step.content}
      {blocked && step.selection !== undefined && (
        <p className="multi-step-prompt__hint muted" role="note">
          {step.selection.hint}
        </p>
      )}
    </Modal>
  );
}
