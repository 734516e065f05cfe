import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { OrderPaymentProvider } from '../../adapters/payments/orders-port.js';
import { PaymentProviderUnavailableError, PaymentRefusedError, type PaymentProvider } from '../../adapters/payments/port.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import type { CommandBus } from '../bus/handle-command.js';

export interface CommerceServiceDeps {
  /** Issues the commands, and answers a stream's state (a provider is asked before the command that records its answer). */
  commands: CommandBus;
  db: Kysely<Schema>;
  provider: PaymentProvider;
  /** PayPal-style orders (create, buyer approves, capture): PayPal, or the local sandbox. */
  orders: OrderPaymentProvider;
  /** The platform's share of each sale in percent (0 during the beta). */
  platformFeePercent: number;
  /** Waits (bounded) until the read models have applied a position. */
  waitForReadModels(position: bigint): Promise<unknown>;
  /** The clock checkouts and payments are timed by (tests move it; the wall clock otherwise). */
  now?: () => Date;
}

export function nowOf(deps: Pick<CommerceServiceDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

export type Member = Actor & { userId: string };

export async function settle(deps: CommerceServiceDeps, position: bigint | null): Promise<void> {
  if (position !== null) await deps.waitForReadModels(position);
}

/**
 * Any failure of the provider call is an outage to us (503, nothing written before it), except a
 * refusal the adapter knows to be permanent (PaymentRefusedError), which callers may record.
 */
export async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentRefusedError || error instanceof DomainError)
      throw error;
    throw new PaymentProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
}
