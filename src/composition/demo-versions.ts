import { v5 as uuidv5 } from 'uuid';
import { platformFeeOf } from '../domain/commerce/commission.js';
import { payoutAccountStream, purchaseStream } from '../domain/commerce/events.js';
import { toMinorUnits } from '../domain/commerce/money.js';
import { payoutAccountDecider } from '../domain/commerce/payout-account.js';
import { purchaseDecider } from '../domain/commerce/purchase.js';
import type { Actor } from '../domain/shared/events.js';
import { templateDecider, type TemplateCommand } from '../domain/templates/decider.js';
import { templateStream, type EditableContent } from '../domain/templates/events.js';
import { templateContentSchema, titleUrlFor } from '../domain/templates/rules.js';
import type { CommandBus } from '../commands/bus/handle-command.js';
import { cataloguePlan, type CatalogueSize } from './demo-catalogue-plan.js';

/*
 * The demo catalogue's versioned post (issue 57): a paid Notion template its author improved twice,
 * each edit with a change note, and a demo buyer who bought v1 and has not switched, so a fresh
 * `npm start` shows a changelog, a diff and the buyer's "Updated". Written through the same commands
 * as a real author, moderator and checkout; idempotency keys make a re-run a no-op.
 */

const DEMO_VERSIONS_NAMESPACE = '4f0c2a8e-6b1d-4e37-9a52-7d3e8c1b5f90';
/** Users of the demo plan the browser tests leave alone: the author sells paid demo posts already, the buyer buys nothing else. */
const AUTHOR_INDEX = 9;
const BUYER_INDEX = 11;

const FIRST_VERSION = templateContentSchema.parse({
  title: 'Freelance Invoice Tracker',
  description: 'Track invoices, due dates and paid amounts for every client in one Notion page.',
  instructions: '1. Duplicate the template.\n2. Add your clients.\n3. Log each invoice when you send it.',
  url: 'https://example.com/templates/freelance-invoice-tracker',
  topic: 'commerce',
  platform: 'notion',
  keywords: ['invoices', 'freelance'],
  price: 19,
  imageUrls: [],
});

/** The two approved edits after v1, each with the note its author wrote. */
const EDITS: readonly { changes: Partial<EditableContent>; changeNote: string }[] = [
  {
    changes: {
      instructions:
        '1. Duplicate the template.\n2. Add your clients and their payment terms.\n3. Log each invoice when you send it; overdue ones turn red.',
      keywords: ['invoices', 'freelance', 'finance'],
    },
    changeNote: 'Clearer setup steps, payment terms per client, and overdue invoices highlighted.',
  },
  {
    changes: {
      description: 'Track invoices, due dates and paid amounts for every client, with a monthly income summary, in one Notion page.',
      url: 'https://example.com/templates/freelance-invoice-tracker-v3',
    },
    changeNote: 'Adds a monthly income summary. The template moved to a new link: duplicate it again to get the summary.',
  },
];

export function demoVersionedTemplateId(seed: number): string {
  return uuidv5(`versioned:${seed}`, DEMO_VERSIONS_NAMESPACE);
}

/** Who wrote and who bought the versioned demo post, as the plan of `size` names them. */
export function demoVersionsCast(size: CatalogueSize) {
  const { users, admin } = cataloguePlan(size);
  return { author: users[AUTHOR_INDEX], buyer: users[BUYER_INDEX], admin };
}

/** Seeds the versioned post into a catalogue of `size` (a no-op for a plan too small to have its author and buyer). */
export async function seedVersionedDemo(deps: { commands: CommandBus }, size: CatalogueSize): Promise<void> {
  const { author, buyer, admin } = demoVersionsCast(size);
  if (!author || !buyer) return;
  const templateId = demoVersionedTemplateId(size.seed);
  const stream = templateStream(templateId);
  const authorActor: Actor = { userId: author.userId, role: author.lvl };
  const adminActor: Actor = { userId: admin.userId, role: admin.lvl };
  const onTemplate = (command: TemplateCommand, actor: Actor, key: string) =>
    deps.commands.handle(templateDecider, stream, command, { actor, idempotencyKey: `demo-versions-${key}` });
  const approve = (key: string) => onTemplate({ type: 'ApproveTemplate', data: { templateId, reviewerId: admin.userId } }, adminActor, key);

  await onTemplate(
    {
      type: 'SubmitTemplate',
      data: { ...FIRST_VERSION, templateId, authorId: author.userId, titleUrl: titleUrlFor(FIRST_VERSION.title, templateId) },
    },
    authorActor,
    'submit',
  );
  await approve('approve-1');
  await connectPayouts(deps, author.userId);
  const titleUrl = titleUrlFor(FIRST_VERSION.title, templateId);
  await recordSandboxPurchase(deps, { templateId, titleUrl, sellerId: author.userId, buyerId: buyer.userId });
  for (const [index, { changes, changeNote }] of EDITS.entries()) {
    const requester = { userId: author.userId, lvl: author.lvl };
    await onTemplate({ type: 'EditTemplate', data: { templateId, requester, changes, changeNote } }, authorActor, `edit-${index + 2}`);
    await approve(`approve-${index + 2}`);
  }
}

/** The author's completed sandbox payout account (the catalogue gives its paid posts' sellers the same one). */
export async function connectPayouts(deps: { commands: CommandBus }, sellerId: string): Promise<void> {
  const stream = payoutAccountStream(sellerId);
  const accountId = `acct_sandbox_demo_${sellerId.slice(0, 8)}`;
  const actor: Actor = { userId: null, role: 'operator' };
  await deps.commands.handle(
    payoutAccountDecider,
    stream,
    { type: 'ConnectPayoutAccount', data: { userId: sellerId, provider: 'sandbox', accountId } },
    { actor, idempotencyKey: 'demo-payout-connect' },
  );
  await deps.commands.handle(
    payoutAccountDecider,
    stream,
    {
      type: 'RecordPayoutAccountState',
      data: {
        userId: sellerId,
        accountId,
        providerEventId: 'demo-onboarded',
        detailsSubmitted: true,
        chargesEnabled: true,
        observedAt: new Date(0).toISOString(),
      },
    },
    { actor, idempotencyKey: 'demo-payout-onboarded' },
  );
}

/**
 * A sandbox checkout of the post as it is now (its latest version), paid at once, as the checkout and
 * the provider's notice would record it. The seller needs a completed payout account.
 */
export async function recordSandboxPurchase(
  deps: { commands: CommandBus },
  { templateId, titleUrl, sellerId, buyerId }: { templateId: string; titleUrl: string; sellerId: string; buyerId: string },
): Promise<void> {
  const state = await deps.commands.stateOf(templateDecider, templateStream(templateId));
  if (state.published === null) throw new Error('Only a published post can be bought');
  const { title, url } = state.published;
  const checkoutId = uuidv5(`checkout:${templateId}:${buyerId}`, DEMO_VERSIONS_NAMESPACE);
  const price = toMinorUnits(state.published.price);
  const now = new Date().toISOString();
  const stream = purchaseStream(templateId, buyerId);
  const buyer: Actor = { userId: buyerId, role: 'base' };
  await deps.commands.handle(
    purchaseDecider,
    stream,
    {
      type: 'StartCheckout',
      data: {
        checkoutId,
        buyerId,
        offer: {
          templateId,
          sellerId,
          forSale: true,
          price,
          bought: {
            revision: state.contentRevision,
            version: state.version,
            title,
            titleUrl,
            url,
          },
          sellerPayoutStatus: 'enabled',
          sellerAccountId: `acct_sandbox_demo_${sellerId.slice(0, 8)}`,
        },
        platformFee: platformFeeOf(price, 0),
        session: { provider: 'sandbox', providerSessionId: `demo_${checkoutId}`, checkoutUrl: '/', expiresAt: now },
        now,
      },
    },
    { actor: buyer, idempotencyKey: 'demo-versions-checkout' },
  );
  await deps.commands.handle(
    purchaseDecider,
    stream,
    {
      type: 'RecordPaymentSucceeded',
      data: {
        checkoutId,
        templateId,
        buyerId,
        provider: 'sandbox',
        providerEventId: `demo_evt_${checkoutId}`,
        providerPaymentId: `demo_pay_${checkoutId}`,
        amount: price,
      },
      postRemoved: false,
      currentPrice: price,
      now,
    },
    { actor: { userId: null, role: 'system' }, idempotencyKey: 'demo-versions-paid' },
  );
}
