import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import { useActiveModal } from '@/lib/client-state.js';
import type { TourStep } from './GuidedTour.js';
import { finishTour, type TourName } from '@/lib/tour-state.js';

/** Targets can appear after the tour is due (lists still loading): look again this often. */
const TARGET_POLL_MS = 500;
/** Looks for missing targets stop after this many (10 s): a target still missing then is not on this page. */
const TARGET_LOOKS = 20;
const POPOVER_WIDTH_PX = 300;
const POPOVER_GAP_PX = 12;

function targetElement(target: string): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
  if (element === null) return null;
  const box = element.getBoundingClientRect();
  // Hidden targets (the collapsed menu on small screens) have no box: their step is skipped.
  return box.width > 0 && box.height > 0 ? element : null;
}

/**
 * A guided tour: a popover beside each target in turn, with Back, Next, Done and Skip. It clears its
 * flag in the stored tour state when finished or skipped. Steps whose target is not on screen are left out.
 */
export function TourRunner({ name, steps }: { name: TourName; steps: readonly TourStep[] }) {
  const [visibleSteps, setVisibleSteps] = useState<readonly TourStep[]>([]);
  const [index, setIndex] = useState(0);
  // A global modal (the welcome of test-user mode, say) goes first: the popover waits, keeping its step.
  const modalOpen = useActiveModal() !== null;

  useEffect(() => {
    let looks = 0;
    // The tour starts with the first target on screen and takes in later ones (a checklist that loads last) as they come.
    const look = () => {
      looks += 1;
      const present = steps.filter((step) => targetElement(step.target) !== null);
      if (present.length > 0) setVisibleSteps((shown) => (shown.length === present.length ? shown : present));
      return present.length === steps.length || looks >= TARGET_LOOKS;
    };
    if (look()) return;
    const poll = window.setInterval(() => {
      if (look()) window.clearInterval(poll);
    }, TARGET_POLL_MS);
    return () => window.clearInterval(poll);
  }, [steps]);

  const step = visibleSteps[index];
  if (step === undefined || modalOpen) return null;

  const finish = () => {
    finishTour(name);
    setVisibleSteps([]);
    setIndex(0);
  };
  return (
    <TourPopover
      key={step.target}
      step={step}
      position={index + 1}
      count={visibleSteps.length}
      onBack={index > 0 ? () => setIndex(index - 1) : null}
      onNext={index < visibleSteps.length - 1 ? () => setIndex(index + 1) : null}
      onFinish={finish}
    />
  );
}

/** Below the target, else above it, else over its top: always inside the window. */
function popoverTop(target: DOMRect, popoverHeight: number): number {
  const below = target.bottom + POPOVER_GAP_PX;
  if (below + popoverHeight <= window.innerHeight - POPOVER_GAP_PX) return below;
  const lowest = window.innerHeight - popoverHeight - POPOVER_GAP_PX;
  const above = target.top - POPOVER_GAP_PX - popoverHeight;
  // A target still below the window (the page has not scrolled to it yet) must not take the popover with it.
  if (above >= POPOVER_GAP_PX) return Math.min(above, lowest);
  return Math.max(POPOVER_GAP_PX, Math.min(target.top + POPOVER_GAP_PX, lowest));
}

interface TourPopoverProps {
  step: TourStep;
  position: number;
  count: number;
  onBack: (() => void) | null;
  onNext: (() => void) | null;
  onFinish: () => void;
}

function TourPopover({ step, position, count, onBack, onNext, onFinish }: TourPopoverProps) {
  const titleId = useId();
  const popoverRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const element = targetElement(step.target);
    if (element === null) return;
    element.classList.add('tour-highlight');
    // A target taller than half the window (a form, the sidebar) is shown from its top.
    const reveal = () =>
      element.scrollIntoView({ block: element.getBoundingClientRect().height > window.innerHeight / 2 ? 'start' : 'nearest' });
    reveal();
    const measure = () => {
      const box = element.getBoundingClientRect();
      const width = Math.min(POPOVER_WIDTH_PX, window.innerWidth - 2 * POPOVER_GAP_PX);
      const height = popoverRef.current?.offsetHeight ?? 0;
      const left = Math.max(POPOVER_GAP_PX, Math.min(box.left, window.innerWidth - width - POPOVER_GAP_PX));
      setPlace({ top: popoverTop(box, height), left });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    // Content that loads after the step opened moves the target without a scroll event (or the page was
    // not yet long enough to scroll to it): follow the page's size, bringing the target back into view.
    const layout = new ResizeObserver(() => {
      const box = element.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight) reveal();
      measure();
    });
    layout.observe(document.body);
    // The popover is fixed: focusing it must not scroll the page away from its target.
    popoverRef.current?.focus({ preventScroll: true });
    return () => {
      element.classList.remove('tour-highlight');
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
      layout.disconnect();
    };
  }, [step.target]);

  return (
    <div
      ref={popoverRef}
      className="tour-popover"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={place === null ? { visibility: 'hidden' } : { top: place.top, left: place.left }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onFinish();
      }}
    >
      <p className="tour-popover__count muted">
        {position} of {count}
      </p>
      <h2 id={titleId} className="tour-popover__title">
        {step.title}
      </h2>
      <p>{step.text}</p>
      <div className="tour-popover__actions">
        <button type="button" className="button button--link" onClick={onFinish}>
          Skip tour
        </button>
        {onBack !== null && (
          <button type="button" className="button button--ghost" onClick={onBack}>
            Back
          </button>
        )}
        {onNext !== null ? (
          <button type="button" className="button button--primary" onClick={onNext}>
            Next
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onFinish}>
            Done
          </button>
        )}
      </div>
    </div>
  );
}
