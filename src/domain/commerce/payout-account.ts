import { DomainError, type Decider } from '../shared/events.js';
import type { PaymentProviderName, PayoutAccountEvent, PayoutAccountUpdated } from './events.js';
import { COMMERCE_MESSAGES } from './messages.js';

/**
 * The payout account's states (spec 4, Payout account), one place for the decider, the read model,
 * the API and the Payments tab:
 * - not_connected: Connect to Stripe;
 * - pending: onboarding not submitted → Complete Stripe Onboarding;
 * - enabled: charges enabled → Stripe Connected, with Disconnect;
 * - restricted: submitted but the provider does not let it take charges → Continue Onboarding / Start Fresh.
 */
export const PAYOUT_STATUSES = ['not_connected', 'pending', 'enabled', 'restricted'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export function payoutStatusOf(account: { detailsSubmitted: boolean; chargesEnabled: boolean } | null): PayoutStatus {
  if (account === null) return 'not_connected';
  if (account.chargesEnabled) return 'enabled';
  if (!account.detailsSubmitted) return 'pending';
  return 'restricted';
}

/** Only an enabled account may be paid (and a seller may set a price only then). */
export function canTakeCharges(status: PayoutStatus): boolean {
  return status === 'enabled';
}

/** Spec 9: the Payments tab re-reads the status this long after a disconnect or a reset. */
export const PAYOUT_STATUS_REFRESH_DELAY_MS = 300;

export interface PayoutAccountState {
  provider: PaymentProviderName | null;
  accountId: string | null;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  /** The newest provider observation applied; older ones arriving late are ignored. */
  observedAt: string | null;
}

export type PayoutAccountCommand =
  | { type: 'ConnectPayoutAccount'; data: { userId: string; provider: PaymentProviderName; accountId: string } }
  | { type: 'RecordPayoutAccountState'; data: PayoutAccountUpdated['data'] }
  | { type: 'DisconnectPayoutAccount'; data: { userId: string; reason: 'disconnect' | 'reset' } };

export const payoutAccountDecider: Decider<PayoutAccountState, PayoutAccountCommand, PayoutAccountEvent> = {
  initialState: () => ({ provider: null, accountId: null, detailsSubmitted: false, chargesEnabled: false, observedAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PayoutAccountCreated':
        return {
          provider: event.data.provider,
          accountId: event.data.accountId,
          detailsSubmitted: false,
          chargesEnabled: false,
          observedAt: null,
        };
      case 'PayoutAccountUpdated':
        return {
          ...state,
          detailsSubmitted: event.data.detailsSubmitted,
          chargesEnabled: event.data.chargesEnabled,
          observedAt: event.data.observedAt,
        };
      case 'PayoutAccountDisconnected':
        return payoutAccountDecider.initialState();
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ConnectPayoutAccount':
        // Connecting again while an account is open keeps that one (the caller links to its onboarding).
        if (state.accountId !== null) return [];
        return [{ type: 'PayoutAccountCreated', data: command.data }];
      case 'RecordPayoutAccountState': {
        const update = command.data;
        // A webhook about an account this seller no longer uses (disconnected, reset) changes nothing.
        if (update.accountId !== state.accountId) return [];
        if (state.observedAt !== null && update.observedAt < state.observedAt) return [];
        if (
          state.observedAt !== null &&
          update.detailsSubmitted === state.detailsSubmitted &&
          update.chargesEnabled === state.chargesEnabled
        )
          return [];
        return [{ type: 'PayoutAccountUpdated', data: update }];
      }
      case 'DisconnectPayoutAccount':
        if (state.accountId === null) throw new DomainError('conflict', COMMERCE_MESSAGES.noPayoutAccount);
        return [
          {
            type: 'PayoutAccountDisconnected',
            data: { userId: command.data.userId, accountId: state.accountId, reason: command.data.reason },
          },
        ];
    }
  },
};
