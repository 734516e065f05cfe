import { DomainError, type Decider } from '../shared/events.js';
import type { AccountEvent, UserLevel } from './events.js';

export interface AccountState {
  registered: boolean;
}

export type AccountCommand = {
  type: 'RegisterUser';
  data: { userId: string; username: string; emailEnc: string; displayNameEnc: string | null; lvl: UserLevel };
};

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ registered: false }),
  evolve: (state, event) => (event.type === 'UserRegistered' ? { ...state, registered: true } : state),
  decide: (command, state) => {
    if (state.registered) throw new DomainError('conflict', 'This account already exists.');
    return [{ type: 'UserRegistered', data: command.data }];
  },
};
