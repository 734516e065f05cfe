import type { UpcasterRegistry } from './shared/upcasting.js';

/**
 * Every event type whose data shape changed since it was first stored, with the steps that
 * lift old data. Add a step (keyed by the version it lifts from) instead of editing events.
 * No type has changed yet.
 */
export const upcasters: UpcasterRegistry = {};
