import type { SocialNetwork } from '@domain/accounts/rules.js';
import { websiteUrl } from '@domain/accounts/website.js';

const PROFILE_ADDRESS: Record<Exclude<SocialNetwork, 'website'>, (handle: string) => string> = {
  facebook: (handle) => `https://www.facebook.com/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  linkedIn: (handle) => `https://www.linkedin.com/in/${handle}`,
  twitter: (handle) => `https://x.com/${handle}`,
};

/**
 * The address a stored handle links to on a public profile, or null when it cannot be a safe link.
 * Handles are stored as the last path segment (spec section 5), so the network's address is put back in front.
 */
export function socialProfileUrl(network: SocialNetwork, handle: string): string | null {
  const trimmed = handle.trim();
  if (trimmed === '') return null;
  if (network === 'website') return websiteUrl(trimmed);
  return PROFILE_ADDRESS[network](encodeURIComponent(trimmed));
}
