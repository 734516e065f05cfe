/**
 * Where the account pages send a person back to: the spec's `redirectUrl` parameter, carried from a
 * members-only action through log-in, or through sign-up and onboarding, to the page it started on.
 * Kept free of other imports: the shell's login prompt builds these links on every page.
 */
export const RETURN_PATH_PARAMETER = 'redirectUrl';

function withReturnPath(path: string, returnTo: string | null | undefined): string {
  return returnTo ? `${path}?${new URLSearchParams({ [RETURN_PATH_PARAMETER]: returnTo }).toString()}` : path;
}

export function loginPathFor(returnTo: string): string {
  return withReturnPath('/login', returnTo);
}

/** Sign-up, then onboarding, then back to `returnTo` (spec: after sign-up the user goes to /onboarding). */
export function signupPathFor(returnTo: string | null | undefined): string {
  return withReturnPath('/signup', returnTo);
}

export function onboardingPathFor(returnTo: string | null | undefined): string {
  return withReturnPath('/onboarding', returnTo);
}
