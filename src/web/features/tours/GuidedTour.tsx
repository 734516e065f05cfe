import { lazy, Suspense } from 'react';

import { useTourState, type TourName } from '@/lib/tour-state.js';

export interface TourStep {
  /** The `data-tour` value of the element this step points at. */
  target: string;
  title: string;
  text: string;
}

interface GuidedTourProps {
  name: TourName;
  steps: readonly TourStep[];
  /** False holds the tour back (for instance until an earlier tour has finished). */
  enabled?: boolean;
}

/**
 * A guided tour, run while its flag is set in the stored tour state. Its code loads only then: most
 * visits have no tour due, and every page would otherwise carry it. A chunk that fails to load
 * leaves the tour out rather than the page.
 */
const TourRunner = lazy(() =>
  import('./TourRunner.js').then(
    (module) => ({ default: module.TourRunner }),
    () => ({ default: () => null }),
  ),
);

export function GuidedTour({ name, steps, enabled = true }: GuidedTourProps) {
  const due = useTourState()[name] && enabled;
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner name={name} steps={steps} />
    </Suspense>
  );
}
