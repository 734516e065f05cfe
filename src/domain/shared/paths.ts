/** A base no real request comes from: a path that resolves away from it leads to another site. */
const PROBE_ORIGIN = 'http://tessera.invalid';

/**
 * The path on this site that `value` names (with its query and hash), or null when it could lead
 * elsewhere ('https://evil.example', '//evil.example', '/\evil.example', 'javascript:', a relative
 * 'account'): the rule of every redirect a request or link chooses, so none can send people away.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const resolved = new URL(value, PROBE_ORIGIN);
    if (resolved.origin !== PROBE_ORIGIN) return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}
