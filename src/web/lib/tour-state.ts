import { useBrowserStore } from './browser-store.js';
import { readStoredJson, writeStoredJson } from './browser-storage.js';

/** The stored tour state (spec: navbarTour, createPageTour; homeTour follows the navbar tour on the home page). */
export interface TourState {
  navbarTour: boolean;
  homeTour: boolean;
  createPageTour: boolean;
}
export type TourName = keyof TourState;

export const TOUR_STATE_KEY = 'tourState';
const NO_TOURS: TourState = { navbarTour: false, homeTour: false, createPageTour: false };

let state: TourState | null = null;
const listeners = new Set<() => void>();

function current(): TourState {
  state ??= readStoredJson(TOUR_STATE_KEY, NO_TOURS);
  return state;
}

function publish(next: TourState): void {
  state = next;
  writeStoredJson(TOUR_STATE_KEY, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTourState(): TourState {
  // The server renders no tour: tours start in the browser, from its stored state.
  return useBrowserStore(subscribe, current, NO_TOURS);
}

/** Sets every tour flag: after sign-up, when an admin starts the test-user mode, or from 'Take the tour'. */
export function startNewUserTours(): void {
  publish({ navbarTour: true, homeTour: true, createPageTour: true });
}

/** Clears one tour's flag once it is finished or skipped, so it does not start again. */
export function finishTour(name: TourName): void {
  publish({ ...current(), [name]: false });
}

export function clearTourState(): void {
  publish(NO_TOURS);
}
