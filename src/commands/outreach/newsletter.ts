import { v5 as uuidv5 } from 'uuid';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { normaliseEmail } from '../../domain/accounts/rules.js';

/** Keeps the newsletter's blind-index values apart from other uses of the same index (accounts look up e-mails too). */
const NEWSLETTER_INDEX_PREFIX = 'newsletter:';
/** Subscriber ids derive from the address digest, so a repeated subscription reuses the same vault key. */
const NEWSLETTER_SUBSCRIBER_NAMESPACE = '3c7d2f1e-8a4b-4c6d-9e0f-1a2b3c4d5e6f';

/** The subscription of an address: its stream key (a digest) and the vault key its address is encrypted under. */
export async function newsletterSubscription(vault: PersonalDataVault, email: string): Promise<{ digest: string; subscriberId: string }> {
  const digest = await vault.blindIndex(`${NEWSLETTER_INDEX_PREFIX}${normaliseEmail(email)}`);
  return { digest, subscriberId: uuidv5(digest, NEWSLETTER_SUBSCRIBER_NAMESPACE) };
}
