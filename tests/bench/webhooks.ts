import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventsToAppend } from '../../src/commands/bus/handle-command.js';
import { createWebhooks } from '../../src/commands/integrations/webhooks.js';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { dropSchema } from '../fixtures/databases.js';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.js';

/** Events delivered per phase before BENCH_SCALE. */
const EVENTS = 300;
/** How long the slow endpoint takes to answer each delivery: well within the 10 s time-out. */
const SLOW_ANSWER_MS = 2_000;
const DELIVERED_WAIT_MS = 300_000;

export interface WebhookMeasurement {
  phase: string;
  deliveries: number;
  seconds: number;
  perSecond: number;
  medianLagMs: number;
  p95LagMs: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Webhook deliveries to a receiver on loopback: a burst of events appended at once, timed until the
 * receiver has every one (throughput, and each event's lag from its append to its arrival). Then the
 * same burst with a second endpoint of the same member that takes 2 s per answer: the first
 * endpoint's figures must not change, as each endpoint follows the log on its own.
 */
export async function benchWebhooks(
  target: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  scale: number,
  log: (line: string) => void,
): Promise<WebhookMeasurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-webhooks-'));
  const schema = target === 'postgres' ? `bench_hooks_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const receiver = await startWebhookReceiver();
  const infrastructure = await openInfrastructure({
    dataDir,
    databaseUrl: target === 'postgres' ? databaseUrl : undefined,
    databaseSchema: schema,
    eventStoreUrl: undefined,
    webhooksAllowPrivateTargets: true,
  });
  try {
    await infrastructure.startFollowers();
    const { commands, store, vault } = infrastructure;
    const webhooks = createWebhooks({ commands, db: infrastructure.database.db, store, vault, allowPrivateTargets: true });
    const userId = randomUUID();
    const actor = { userId, role: 'base' as const };
    const events = Math.max(1, Math.round(EVENTS * scale));
    const appendedAt = new Map<string, number>();

    const burst = async (path: string) => {
      const appends = Array.from({ length: events }, (_, index) => {
        const [event] = eventsToAppend(
          `payout-account-bench-${randomUUID()}`,
          [
            {
              type: 'PayoutAccountUpdated',
              data: {
                userId,
                accountId: `acct_${index}`,
                providerEventId: randomUUID(),
                detailsSubmitted: true,
                chargesEnabled: index % 2 === 0,
                observedAt: new Date().toISOString(),
              },
            },
          ],
          { actor: { userId: null, role: 'system' } },
          upcasters,
        );
        return event!;
      });
      const startedAt = performance.now();
      // All at once, as a burst of sales would come: the store writes them in a few group commits.
      await Promise.all(
        appends.map((event) => {
          appendedAt.set(event.id, Date.now());
          return store.appendToStream(`payout-account-bench-${event.id}`, [event], { expectedRevision: 'no_stream' });
        }),
      );
      const deadline = Date.now() + DELIVERED_WAIT_MS;
      const before = receiver.received(path).length;
      while (receiver.received(path).length - before < events) {
        if (Date.now() > deadline) throw new Error(`${path}: ${receiver.received(path).length - before} of ${events} delivered`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seconds = (performance.now() - startedAt) / 1000;
      const lags = receiver
        .received(path)
        .slice(before)
        .map((delivery) => delivery.receivedAt - appendedAt.get(delivery.body.id)!)
        .sort((a, b) => a - b);
      return {
        deliveries: events,
        seconds,
        perSecond: events / seconds,
        medianLagMs: percentile(lags, 50),
        p95LagMs: percentile(lags, 95),
      };
    };

    receiver.script('/fast', [200]);
    await webhooks.register(userId, { url: receiver.url('/fast'), events: ['payout_account.updated'] }, actor);
    await infrastructure.runner.waitFor(await store.headPosition(), 30_000);
    log(`${events} events to one endpoint`);
    const alone = await burst('/fast');

    receiver.script('/slow', [{ sleepMs: SLOW_ANSWER_MS, then: 200 }]);
    await webhooks.register(userId, { url: receiver.url('/slow'), events: ['payout_account.updated'] }, actor);
    await infrastructure.runner.waitFor(await store.headPosition(), 30_000);
    log(`${events} events to it beside an endpoint that answers in ${SLOW_ANSWER_MS} ms`);
    const besideSlow = await burst('/fast');
    return [
      { phase: 'one endpoint', ...alone },
      { phase: `beside one answering in ${SLOW_ANSWER_MS / 1000} s`, ...besideSlow },
    ];
  } finally {
    await infrastructure.close();
    await receiver.close();
    if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
