import type { DomainEvent } from '../shared/events.js';

export type UserLevel = 'base' | 'admin' | 'owner';
/** Only 'verified' counts as verified; 'blocked' accounts cannot use a session. */
export type VerificationStatus = 'pending' | 'verified' | 'blocked';

/** E-mail and display name are vault ciphertext (see DESIGN.md: personal data). */
export type UserRegistered = DomainEvent<
  'UserRegistered',
  { userId: string; username: string; emailEnc: string; displayNameEnc: string | null; lvl: UserLevel }
>;

export type AccountEvent = UserRegistered;

export const userStream = (userId: string) => `user-${userId}`;
