/**
 * The address a profile's website links to, or null when it cannot be a safe link: http and https
 * only (never javascript:, mailto: and the like), a bare host read as https. The profile form refuses what
 * this refuses, so a saved website always shows on the public profile.
 */
export function websiteUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  // Another scheme (ftp://…) would otherwise be read as a host named after it.
  if (/^[a-z][a-z\d+.-]*:\/\//iu.test(trimmed) && !/^https?:\/\//iu.test(trimmed)) return null;
  const candidate = /^https?:\/\//iu.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(candidate);
    // 'mailto:ann@host' reads as a user and password before a host: not a website either.
    return url.username === '' && url.password === '' ? url.href : null;
  } catch {
    return null;
  }
}
