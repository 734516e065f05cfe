import { isStaffLevel } from '../domain/accounts/access.js';
import { randomUUID } from 'node:crypto';
import { likeDecider } from '../domain/engagement/decider.js';
import { likeStream } from '../domain/engagement/events.js';
import type { Actor, Decider, DomainEvent } from '../domain/shared/events.js';
import { currentSchemaVersion } from '../domain/shared/upcasting.js';
import { upcasters } from '../domain/upcasters.js';
import type { EventStore, NewStreamAppend } from '../adapters/eventstore/port.js';
import { templateDecider, type TemplateCommand } from '../domain/templates/decider.js';
import { payoutAccountStream } from '../domain/commerce/events.js';
import { payoutAccountDecider } from '../domain/commerce/payout-account.js';
import { templateStream } from '../domain/templates/events.js';
import { titleUrlFor } from '../domain/templates/rules.js';
import type { PersonalDataVault } from '../adapters/vault/vault.js';
import { hashPassword } from '../adapters/security/passwords.js';
import { registerAccount } from '../commands/accounts/account-service.js';
import { eventIdFor, type CommandBus } from '../commands/bus/handle-command.js';
import { cataloguePlan, type CatalogueSize } from './demo-catalogue-plan.js';

// The plan stays importable from here, where the seeding's callers find it.
export {
  cataloguePlan,
  DEMO_ADMIN_USERNAME,
  DEMO_CATALOGUE,
  demoTemplateContent,
  demoTemplateId,
  demoUserId,
  FIRST_ADMIN_ONLY,
  random,
  type CatalogueSize,
} from './demo-catalogue-plan.js';

/** Commands in flight at once while seeding. */
const SEED_CONCURRENCY = 8;

/**
 * Passwords of the seeded accounts. By default nobody has one (they cannot sign in with a
 * password until an operator or a reset link gives them one); the server gives the admin a
 * random one and prints it once, and test harnesses choose their own.
 */
export interface SeedPasswords {
  admin?: string | null;
  members?: string | null;
}

export interface SeedOptions {
  onProgress?: (progress: SeedProgress) => void;
  passwords?: SeedPasswords;
}

export interface SeedProgress {
  phase: 'users' | 'templates' | 'payouts' | 'likes';
  done: number;
  total: number;
}

async function inPool<T>(items: readonly T[], work: (item: T) => Promise<void>, onDone: (done: number) => void): Promise<void> {
  let nextIndex = 0;
  let done = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const item = items[nextIndex++]!;
      await work(item);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEED_CONCURRENCY, items.length) }, worker));
}

/** Registers the plan's users through the account service (names and e-mails are claimed, passwords hashed). */
async function registerDemoUsers(
  deps: { commands: CommandBus; vault: PersonalDataVault },
  users: ReturnType<typeof cataloguePlan>['users'],
  track: (result: { position: bigint | null }) => void,
  { onProgress = () => {}, passwords = {} }: SeedOptions,
): Promise<void> {
  const operator: Actor = { userId: null, role: 'operator' };
  const hashOf = async (password: string | null | undefined) => (password ? await hashPassword(password) : undefined);
  const adminPasswordHash = await hashOf(passwords.admin);
  const memberPasswordHash = await hashOf(passwords.members);
  await inPool(
    users,
    async (user) => {
      track(
        await registerAccount(deps, {
          userId: user.userId,
          username: user.username,
          email: `${user.username}@demo.tessera.local`,
          password: null,
          passwordHash: isStaffLevel(user.lvl) ? adminPasswordHash : memberPasswordHash,
          displayName: user.displayName,
          lvl: user.lvl,
          verification: 'verified',
          actor: operator,
          idempotencyKey: 'demo-register',
        }),
      );
    },
    (done) => onProgress({ phase: 'users', done, total: users.length }),
  );
}

/**
 * Creates a catalogue through the same commands users trigger: registrations, submissions,
 * approvals by the admin, sponsorships and likes. Idempotency keys make a re-run a no-op.
 */
export async function seedCatalogue(
  deps: { commands: CommandBus; vault: PersonalDataVault },
  size: CatalogueSize,
  options: SeedOptions = {},
): Promise<{ position: bigint | null }> {
  const { onProgress = () => {} } = options;
  const { users, admin, templates } = cataloguePlan(size);
  let position: bigint | null = null;
  const track = (result: { position: bigint | null }) => {
    if (result.position !== null && (position === null || result.position > position)) position = result.position;
  };

  await registerDemoUsers(deps, users, track, options);

  await inPool(
    templates,
    async ({ templateId, author, content, sponsored }) => {
      const stream = templateStream(templateId);
      const authorActor: Actor = { userId: author.userId, role: author.lvl };
      const adminActor: Actor = { userId: admin.userId, role: admin.lvl };
      track(
        await deps.commands.handle(
          templateDecider,
          stream,
          {
            type: 'SubmitTemplate',
            data: { ...content, templateId, authorId: author.userId, titleUrl: titleUrlFor(content.title, templateId) },
          },
          { actor: authorActor, idempotencyKey: 'demo-submit' },
        ),
      );
      track(
        await deps.commands.handle(
          templateDecider,
          stream,
          { type: 'ApproveTemplate', data: { templateId, reviewerId: admin.userId } },
          {
            actor: adminActor,
            idempotencyKey: 'demo-approve',
          },
        ),
      );
      if (sponsored) {
        track(
          await deps.commands.handle(
            templateDecider,
            stream,
            { type: 'SetSponsored', data: { templateId, sponsored: true } },
            {
              actor: adminActor,
              idempotencyKey: 'demo-sponsor',
            },
          ),
        );
      }
    },
    (done) => onProgress({ phase: 'templates', done, total: templates.length }),
  );

  // Demo sellers of paid posts have completed sandbox payout accounts, so a new user can buy right away.
  const sellers = [...new Map(templates.filter(({ content }) => content.price > 0).map(({ author }) => [author.userId, author])).values()];
  await inPool(
    sellers,
    async (seller) => {
      const stream = payoutAccountStream(seller.userId);
      const accountId = `acct_sandbox_demo_${seller.userId.slice(0, 8)}`;
      const actor: Actor = { userId: null, role: 'operator' };
      track(
        await deps.commands.handle(
          payoutAccountDecider,
          stream,
          { type: 'ConnectPayoutAccount', data: { userId: seller.userId, provider: 'sandbox', accountId } },
          { actor, idempotencyKey: 'demo-payout-connect' },
        ),
      );
      track(
        await deps.commands.handle(
          payoutAccountDecider,
          stream,
          {
            type: 'RecordPayoutAccountState',
            data: {
              userId: seller.userId,
              accountId,
              providerEventId: 'demo-onboarded',
              detailsSubmitted: true,
              chargesEnabled: true,
              observedAt: new Date(0).toISOString(),
            },
          },
          { actor, idempotencyKey: 'demo-payout-onboarded' },
        ),
      );
    },
    (done) => onProgress({ phase: 'payouts', done, total: sellers.length }),
  );

  const likes = templates.flatMap(({ templateId, likers }) => likers.map((liker) => ({ templateId, liker })));
  await inPool(
    likes,
    async ({ templateId, liker }) => {
      track(
        await deps.commands.handle(
          likeDecider,
          likeStream(templateId, liker.userId),
          { type: 'ToggleLike', data: { templateId, userId: liker.userId } },
          {
            actor: { userId: liker.userId, role: liker.lvl },
            idempotencyKey: 'demo-like',
          },
        ),
      );
    },
    (done) => onProgress({ phase: 'likes', done, total: likes.length }),
  );
  return { position };
}

/** The events a decider answers to commands on a new stream, each command deciding on the state the earlier ones left. */
function decideInTurn<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, commands: readonly C[]): E[] {
  const decided: E[] = [];
  let state = decider.initialState();
  for (const command of commands) {
    const events = decider.decide(command, state);
    decided.push(...events);
    state = events.reduce(decider.evolve, state);
  }
  return decided;
}

/** Streams written per bulk transaction. */
const BULK_STREAMS_PER_WRITE = 1_000;

/**
 * The same catalogue as `seedCatalogue`, for large sizes (benchmarks): every stream is new, so
 * its events are decided in memory by the same deciders, then written many streams per
 * transaction (`appendToNewStreams`; one append per stream where the store lacks it). Users, few
 * and guarded by uniqueness claims, register through the account service as usual.
 * Event ids come from the stream, so a re-run is a no-op.
 */
export async function seedCatalogueInBulk(
  deps: { store: EventStore; vault: PersonalDataVault; commands: CommandBus },
  size: CatalogueSize,
  options: SeedOptions = {},
): Promise<{ position: bigint | null }> {
  const { onProgress = () => {} } = options;
  const { users, admin, templates } = cataloguePlan(size);
  const occurredAt = new Date().toISOString();
  const adminActor: Actor = { userId: admin.userId, role: admin.lvl };
  const newStream = (streamId: string, events: readonly { event: DomainEvent; actor: Actor }[]): NewStreamAppend => {
    const causationId = randomUUID();
    return {
      streamId,
      events: events.map(({ event, actor }, index) => ({
        id: eventIdFor(streamId, 'demo-bulk', index),
        type: event.type,
        data: event.data,
        metadata: {
          correlationId: causationId,
          causationId,
          actor,
          occurredAt,
          schemaVersion: currentSchemaVersion(upcasters, event.type),
        },
      })),
    };
  };
  let position: bigint | null = null;
  const write = async (phase: SeedProgress['phase'], appends: readonly NewStreamAppend[]) => {
    for (let start = 0; start < appends.length; start += BULK_STREAMS_PER_WRITE) {
      const chunk = appends.slice(start, start + BULK_STREAMS_PER_WRITE);
      let last: bigint | null = null;
      if (deps.store.appendToNewStreams) last = (await deps.store.appendToNewStreams(chunk)).position;
      else
        for (const { streamId, events } of chunk)
          last = (await deps.store.appendToStream(streamId, events, { expectedRevision: 'no_stream' })).position;
      if (last !== null && (position === null || last > position)) position = last;
      onProgress({ phase, done: Math.min(start + BULK_STREAMS_PER_WRITE, appends.length), total: appends.length });
    }
  };

  // Few and guarded by uniqueness claims: users register through the account service as usual.
  await registerDemoUsers(
    deps,
    users,
    (result) => {
      if (result.position !== null && (position === null || result.position > position)) position = result.position;
    },
    options,
  );

  await write(
    'templates',
    templates.map(({ templateId, author, content, sponsored }) => {
      const commands: TemplateCommand[] = [
        {
          type: 'SubmitTemplate',
          data: { ...content, templateId, authorId: author.userId, titleUrl: titleUrlFor(content.title, templateId) },
        },
        { type: 'ApproveTemplate', data: { templateId, reviewerId: admin.userId } },
      ];
      if (sponsored) commands.push({ type: 'SetSponsored', data: { templateId, sponsored: true } });
      // The submission is the author's; approval and sponsorship are the admin's.
      const events = decideInTurn(templateDecider, commands).map((event) => ({
        event,
        actor: event.type === 'TemplateSubmitted' ? { userId: author.userId, role: author.lvl } : adminActor,
      }));
      return newStream(templateStream(templateId), events);
    }),
  );

  await write(
    'likes',
    templates.flatMap(({ templateId, likers }) =>
      likers.map((liker) => {
        const events = decideInTurn(likeDecider, [{ type: 'ToggleLike', data: { templateId, userId: liker.userId } }]);
        return newStream(
          likeStream(templateId, liker.userId),
          events.map((event) => ({ event, actor: { userId: liker.userId, role: liker.lvl } })),
        );
      }),
    ),
  );
  return { position };
}
