import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../src/adapters/eventstore/port.js';
import { hashPassword } from '../../src/adapters/security/passwords.js';
import { createCommandBus } from '../../src/commands/bus/handle-command.js';
import { connectPayouts, recordSandboxPurchase } from '../../src/composition/demo-versions.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { purchaseDecider } from '../../src/domain/commerce/purchase.js';
import { purchaseStream } from '../../src/domain/commerce/events.js';
import type { Actor } from '../../src/domain/shared/events.js';
import { templateDecider, type TemplateCommand } from '../../src/domain/templates/decider.js';
import { templateStream } from '../../src/domain/templates/events.js';
import { titleUrlFor } from '../../src/domain/templates/rules.js';
import { versionNoticeStream, versionNoticeSubject } from '../../src/domain/templates/versions.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { createVersionNoticeReactor } from '../../src/projections/reactors/version-notice-reactor.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

/** Wide margins: a loaded 2-core machine. */
const WAIT_MS = 120_000;
const TITLE = 'Crash-proof Planner';

/**
 * The process dies right after a message went out and before its record was written: the store
 * refuses every append to a version-notice stream, as a killed process would never make it.
 */
function dyingBeforeTheRecord(store: EventStore): EventStore {
  return {
    ...store,
    appendToStream: (streamId, events, options) =>
      streamId.startsWith('version-notice-')
        ? Promise.reject(new Error('killed between the send and the record'))
        : store.appendToStream(streamId, events, options),
  };
}

/**
 * The version-notices reactor exactly once per buyer and version: a crash between the e-mail and its
 * record resends the same message id on the next attempt (the outbox keeps one message), as mass
 * e-mail does; a refunded buyer and an erased one get nothing.
 */
describe('version notices across a crash between the send and its record', () => {
  let dataDir: string;
  let infrastructure: Infrastructure;
  const ids: Record<'seller' | 'buyer' | 'refunded' | 'erased', string> = { seller: '', buyer: '', refunded: '', erased: '' };
  const address = (name: string) => `vn_${name}@members.example`;
  let templateId = '';

  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-version-notice-crash-');
    infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await infrastructure.runner.start();
    const passwordHash = await hashPassword('Member#pass1');
    for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
      const registered = await infrastructure.accounts.register({
        username: `vn_${name}`,
        email: address(name),
        password: null,
        passwordHash,
        lvl: 'base',
        verification: 'verified',
      });
      ids[name] = registered.userId;
    }

    templateId = randomUUID();
    const seller: Actor = { userId: ids.seller, role: 'base' };
    const moderator: Actor = { userId: null, role: 'operator' };
    const onPost = (command: TemplateCommand, actor: Actor) =>
      infrastructure.commands.handle(templateDecider, templateStream(templateId), command, { actor });
    const approve = () => onPost({ type: 'ApproveTemplate', data: { templateId, reviewerId: ids.seller } }, moderator);
    await onPost(
      {
        type: 'SubmitTemplate',
        data: {
          templateId,
          authorId: ids.seller,
          titleUrl: titleUrlFor(TITLE, templateId),
          title: TITLE,
          description: 'Plan the week.',
          instructions: 'Duplicate it.',
          url: 'https://example.com/crash-proof-planner',
          topic: 'productivity',
          platform: 'notion',
          keywords: ['planner'],
          price: 5,
          imageUrls: [],
        },
      },
      seller,
    );
    await approve();
    await connectPayouts(infrastructure, ids.seller);
    for (const buyer of [ids.buyer, ids.refunded, ids.erased])
      await recordSandboxPurchase(infrastructure, {
        templateId,
        titleUrl: titleUrlFor(TITLE, templateId),
        sellerId: ids.seller,
        buyerId: buyer,
      });
    const { active } = await infrastructure.commands.stateOf(purchaseDecider, purchaseStream(templateId, ids.refunded));
    await infrastructure.commands.handle(
      purchaseDecider,
      purchaseStream(templateId, ids.refunded),
      {
        type: 'RefundPurchase',
        data: { purchaseId: active!.purchaseId, provider: 'sandbox', providerRefundId: 're_crash', refundedBy: null },
      },
      { actor: moderator },
    );
    await infrastructure.accounts.deleteAccount(ids.erased, { userId: ids.erased, role: 'base' });
    await onPost(
      {
        type: 'EditTemplate',
        data: {
          templateId,
          requester: { userId: ids.seller, lvl: 'base' },
          changes: { instructions: 'Duplicate it, then plan Monday.' },
          changeNote: 'Clearer steps',
        },
      },
      seller,
    );
    await approve();
    expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), WAIT_MS)).toBe(true);
  }, WAIT_MS);

  afterAll(async () => {
    await infrastructure?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'resends the same message id after the crash, records it once, and tells neither the refunded nor the erased buyer',
    async () => {
      const v2 = (await infrastructure.store.readStream(templateStream(templateId))).findLast(
        (event) => event.type === 'TemplateVersionPublished',
      )!;
      expect((v2.data as { version: number }).version).toBe(2);
      const outboxTo = async (name: keyof typeof ids) =>
        (await infrastructure.outbox!.list({ to: address(name), limit: 10 })).filter(
          (message) => message.subject === versionNoticeSubject(TITLE, 2),
        );
      const recorded = async () =>
        (await infrastructure.store.readStream(versionNoticeStream(templateId, ids.buyer, 2))).map(
          (event) => event.data as { messageId: string; emailed: boolean },
        );
      const reactorDeps = {
        db: infrastructure.database.db,
        vault: infrastructure.vault,
        mail: infrastructure.mail,
        publicUrl: infrastructure.publicUrl,
        waitForReadModels: (position: bigint) => infrastructure.runner.waitFor(position, WAIT_MS),
      };

      const dying = createVersionNoticeReactor({
        ...reactorDeps,
        commands: createCommandBus(dyingBeforeTheRecord(infrastructure.store), upcasters),
      });
      await expect(dying.react(v2)).rejects.toThrow('killed between the send and the record');
      const sentBeforeTheCrash = await outboxTo('buyer');
      expect(sentBeforeTheCrash).toHaveLength(1);
      expect(await recorded()).toEqual([]);

      // The next start: the reactor meets the same event again.
      const restarted = createVersionNoticeReactor({ ...reactorDeps, commands: infrastructure.commands });
      await restarted.react(v2);
      await restarted.react(v2);
      expect((await outboxTo('buyer')).map((message) => message.id)).toEqual([sentBeforeTheCrash[0]!.id]);
      expect(await recorded()).toEqual([expect.objectContaining({ messageId: sentBeforeTheCrash[0]!.id, emailed: true })]);

      for (const name of ['refunded', 'erased'] as const) {
        expect(await outboxTo(name)).toEqual([]);
        expect(await infrastructure.store.readStream(versionNoticeStream(templateId, ids[name], 2))).toEqual([]);
      }
    },
    WAIT_MS,
  );
});
