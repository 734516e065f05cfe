import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { accountDecider, type AccountCommand } from './decider.js';
import type { UserRegistered } from './events.js';

const data: UserRegistered['data'] = {
  userId: 'user-1',
  username: 'ada_lovelace',
  emailEnc: 'pd1:ZW1haWw=',
  displayNameEnc: null,
  lvl: 'base',
};
const register: AccountCommand = { type: 'RegisterUser', data };
const registered: UserRegistered = { type: 'UserRegistered', data };

const spec = deciderSpec(accountDecider);

describe('account decider', () => {
  it('registers a new user', () => {
    spec.given([]).when(register).then([registered]);
  });

  it('registers admins with their level', () => {
    const admin = { ...data, lvl: 'admin' as const, displayNameEnc: 'pd1:bmFtZQ==' };
    spec.given([]).when({ type: 'RegisterUser', data: admin }).then([{ type: 'UserRegistered', data: admin }]);
  });

  it('refuses to register the same account twice', () => {
    spec.given([registered]).when(register).thenThrows('conflict', 'This account already exists.');
  });
});
