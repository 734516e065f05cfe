import { accountTabPath } from '../../domain/accounts/account-tabs.js';
import { payoutAccountStream } from '../../domain/commerce/events.js';
import { payoutAccountDecider } from '../../domain/commerce/payout-account.js';
import { fromProvider, settle, type CommerceServiceDeps, type Member } from './deps.js';

/** Opens a payout account if the seller has none, and answers where to complete onboarding. */
export async function connectPayoutAccount(
  deps: CommerceServiceDeps,
  seller: Member,
  email: string | null,
  origin: string,
): Promise<{ accountLinkUrl: string }> {
  const stream = payoutAccountStream(seller.userId);
  let accountId = (await deps.commands.stateOf(payoutAccountDecider, stream)).accountId;
  if (accountId === null) {
    const created = await fromProvider(() => deps.provider.createAccount({ userId: seller.userId, email }));
    const result = await deps.commands.handle(
      payoutAccountDecider,
      stream,
      { type: 'ConnectPayoutAccount', data: { userId: seller.userId, provider: deps.provider.name, accountId: created.accountId } },
      { actor: seller },
    );
    await settle(deps, result.position);
    // Two clicks at once: the account the first one recorded is the seller's.
    accountId = (await deps.commands.stateOf(payoutAccountDecider, stream)).accountId!;
  }
  const back = `${origin}${accountTabPath('payments')}`;
  const link = await fromProvider(() => deps.provider.onboardingLink({ accountId: accountId!, returnUrl: back, refreshUrl: back }));
  return { accountLinkUrl: link.url };
}

/** Disconnect, or Start Fresh (the next Connect opens a new account). */
export async function disconnectPayoutAccount(deps: CommerceServiceDeps, seller: Member, reason: 'disconnect' | 'reset'): Promise<void> {
  const result = await deps.commands.handle(
    payoutAccountDecider,
    payoutAccountStream(seller.userId),
    { type: 'DisconnectPayoutAccount', data: { userId: seller.userId, reason } },
    { actor: seller },
  );
  await settle(deps, result.position);
}
