import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { UserLevel } from '../domain/accounts/events.js';
import { APPS, TOPICS } from '../domain/catalogue/taxonomy.js';
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
import { templateContentSchema, titleUrlFor, type TemplateContent } from '../domain/templates/rules.js';
import type { PersonalDataVault } from '../adapters/vault/vault.js';
import { hashPassword } from '../adapters/security/passwords.js';
import { registerAccount } from '../commands/accounts/account-service.js';
import { eventIdFor, type CommandBus } from '../commands/bus/handle-command.js';

/** Namespace for the demo catalogue's ids, so the same seed gives the same ids. */
const DEMO_NAMESPACE = '0b7f9a52-1f7e-4c1e-9d55-3b7c5c0f2a11';
/** Commands in flight at once while seeding. */
const SEED_CONCURRENCY = 8;

export interface CatalogueSize {
  users: number;
  templates: number;
  seed: number;
  /** Chance that a user likes a template (default 0.3); large catalogues need a small one. */
  likeChance?: number;
}

/** Chance that a user likes a template unless the size says otherwise. */
const DEFAULT_LIKE_CHANCE = 0.3;

/** What `npm start` creates on an empty store: every topic and app shows something. */
export const DEMO_CATALOGUE: CatalogueSize = { users: 12, templates: 60, seed: 1 };
export const DEMO_ADMIN_USERNAME = 'admin';
/** Only the first admin (user 0 of the demo plan): what a fresh install on a real database starts with. */
export const FIRST_ADMIN_ONLY: CatalogueSize = { users: 1, templates: 0, seed: DEMO_CATALOGUE.seed };

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

/** Small deterministic generator (mulberry32): the same seed gives the same catalogue. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Linus',
  'Maya',
  'Noah',
  'Priya',
  'Omar',
  'Lena',
  'Kenji',
  'Sofia',
  'Tariq',
  'Elena',
  'Jonas',
  'Amara',
  'Luca',
  'Ines',
];
const LAST_NAMES = [
  'Lovelace',
  'Okafor',
  'Berg',
  'Tanaka',
  'Silva',
  'Haddad',
  'Novak',
  'Moreau',
  'Kowalski',
  'Reyes',
  'Lindqvist',
  'Mensah',
];

/** Title nouns per topic: what people in that area actually build templates for. */
const TOPIC_SUBJECTS: Record<string, readonly string[]> = {
  business_intelligence: ['KPI Dashboard', 'Revenue Report', 'Cohort Analysis', 'Sales Forecast'],
  commerce: ['Order Tracker', 'Inventory Sheet', 'Product Catalog', 'Refund Workflow'],
  communication: ['Team Standup', 'Meeting Notes', 'Newsletter Plan', 'Status Update'],
  content_and_files: ['Content Calendar', 'Asset Library', 'File Naming Guide', 'Blog Planner'],
  human_resources: ['Onboarding Checklist', 'Hiring Pipeline', 'Leave Tracker', 'Review Template'],
  iot: ['Sensor Log', 'Smart Home Routine', 'Device Inventory', 'Alert Automation'],
  data_management: ['Data Dictionary', 'CRM Cleanup', 'Backup Routine', 'Import Mapper'],
  operations: ['SOP Library', 'Vendor Tracker', 'Incident Log', 'Shift Planner'],
  marketing: ['Campaign Planner', 'Lead Capture Flow', 'Social Media Calendar', 'SEO Audit'],
  productivity: ['Weekly Planner', 'Habit Tracker', 'Task Board', 'Focus Timer Log'],
  design: ['Brand Kit', 'Moodboard', 'Wireframe Kit', 'Pitch Deck'],
  startup: ['Investor CRM', 'Runway Model', 'Launch Checklist', 'OKR Tracker'],
  ai: ['Prompt Library', 'AI Meeting Summary', 'Chatbot Flow', 'AI Content Pipeline'],
  themes: ['Dark Theme', 'Minimal Portfolio', 'Pastel Workspace', 'Retro Dashboard'],
  personal: ['Budget Tracker', 'Travel Itinerary', 'Reading List', 'Meal Planner'],
};
const ADJECTIVES = ['Simple', 'Ultimate', 'Automated', 'Smart', 'Complete', 'Minimal', 'Team', 'Quick'];
const KEYWORDS_BY_TOPIC: Record<string, readonly string[]> = Object.fromEntries(
  TOPICS.map((topic) => [topic.name, [topic.name.split('_')[0]!, 'template', 'automation', 'planner', 'free', 'workflow']]),
);

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)]!;
}

export function demoUserId(seed: number, index: number): string {
  return uuidv5(`user:${seed}:${index}`, DEMO_NAMESPACE);
}

export function demoTemplateId(seed: number, index: number): string {
  return uuidv5(`template:${seed}:${index}`, DEMO_NAMESPACE);
}

/** The content of template number `index`: topics and apps cycle so every one is represented. */
export function demoTemplateContent(index: number, next: () => number): TemplateContent {
  const topic = TOPICS[index % TOPICS.length]!;
  const app = APPS[index % APPS.length]!;
  const subject = pick(TOPIC_SUBJECTS[topic.name]!, next);
  const appLabel = app.label;
  const title = (index % 3 === 0 ? `${appLabel} ${subject}` : `${pick(ADJECTIVES, next)} ${subject} for ${appLabel}`).slice(0, 50);
  const keywords = [
    ...new Set([pick(KEYWORDS_BY_TOPIC[topic.name]!, next), pick(KEYWORDS_BY_TOPIC[topic.name]!, next), app.name.split(' ')[0]!]),
  ];
  return templateContentSchema.parse({
    title,
    description:
      `A ready-to-use ${subject.toLowerCase()} built in ${appLabel}. Duplicate it, follow the steps and have it running in minutes.`.slice(
        0,
        150,
      ),
    instructions: `1. Open the link and duplicate the ${appLabel} template.\n2. Replace the sample rows with your own data.\n3. Adjust the views to ${topic.label} routine.`,
    url: `https://example.com/templates/${titleUrlFor(title, demoTemplateId(0, index))}`,
    topic: topic.name,
    platform: app.name,
    keywords: keywords.slice(0, 3),
    price: next() < 0.7 ? 0 : Math.round(next() * 4900) / 100 + 1,
    imageUrls: [],
  });
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

/** Who registers, and which templates they submit and like: the same size and seed give the same plan. */
export function cataloguePlan(size: CatalogueSize) {
  const next = random(size.seed);
  const likeChance = size.likeChance ?? DEFAULT_LIKE_CHANCE;
  const users = Array.from({ length: Math.max(1, size.users) }, (_, index) => {
    const first = pick(FIRST_NAMES, next);
    const last = pick(LAST_NAMES, next);
    const lvl: UserLevel = index === 0 ? 'admin' : 'base';
    const username = index === 0 ? DEMO_ADMIN_USERNAME : `${first}_${last}${index}`.toLowerCase();
    return { userId: demoUserId(size.seed, index), username, displayName: `${first} ${last}`, lvl };
  });
  const admin = users[0]!;
  const templates = Array.from({ length: size.templates }, (_, index) => ({
    templateId: demoTemplateId(size.seed, index),
    author: users[index % users.length]!,
    content: demoTemplateContent(index, next),
    sponsored: index % 10 === 4,
    likers: users.filter(() => next() < likeChance),
  }));
  return { users, admin, templates };
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
          passwordHash: user.lvl === 'admin' ? adminPasswordHash : memberPasswordHash,
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
      const adminActor: Actor = { userId: admin.userId, role: 'admin' };
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
  const adminActor: Actor = { userId: admin.userId, role: 'admin' };
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
