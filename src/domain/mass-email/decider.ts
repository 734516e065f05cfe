import type { Decider } from '../shared/events.js';
import type { MassEmailRecipientEvent, MassEmailRequested } from './events.js';

export type MassEmailCommand = { type: 'RequestMassEmail'; data: MassEmailRequested['data'] };

/** A campaign is requested once (a repeated request with the same idempotency key appends nothing). */
export const massEmailDecider: Decider<{ requested: boolean }, MassEmailCommand, MassEmailRequested> = {
  initialState: () => ({ requested: false }),
  evolve: () => ({ requested: true }),
  decide: (command, state) => (state.requested ? [] : [{ type: 'MassEmailRequested', data: command.data }]),
};

export type MassEmailRecipientCommand = { type: 'RecordOutcome'; event: MassEmailRecipientEvent };

/** A recipient's outcome is recorded once: the first one stands, anything after it appends nothing. */
export const massEmailRecipientDecider: Decider<{ settled: boolean }, MassEmailRecipientCommand, MassEmailRecipientEvent> = {
  initialState: () => ({ settled: false }),
  evolve: () => ({ settled: true }),
  decide: (command, state) => (state.settled ? [] : [command.event]),
};
