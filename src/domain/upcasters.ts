import { withClearNewUsername, withClearUsername } from './accounts/events.js';
import { withBetaPlatformFee } from './commerce/commission.js';
import { withPriceHeldUntil } from './commerce/checkout-timing.js';
import type { UpcasterRegistry } from './shared/upcasting.js';
import { withoutGuestKey } from './support/events.js';

/**
 * Every event type whose data shape changed since it was first stored, with the steps that
 * lift old data. Add a step (keyed by the version it lifts from) instead of editing events.
 */
export const upcasters: UpcasterRegistry = {
  // v2 records the platform fee charged on the sale; v3 until when its price holds.
  CheckoutStarted: { 1: withBetaPlatformFee, 2: withPriceHeldUntil },
  PurchaseRecorded: { 1: withBetaPlatformFee },
  // v2 binds a guest's conversation to the guest's chat cookie.
  SupportChatAnswered: { 1: withoutGuestKey },
  // v2 keeps the username sealed under the member's vault key with a blind index; v1 held it in clear.
  UserRegistered: { 1: withClearUsername },
  UsernameChanged: { 1: withClearNewUsername },
};
