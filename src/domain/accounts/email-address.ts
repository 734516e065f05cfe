import { ACCOUNT_LIMITS } from './limits.js';
import { ACCOUNT_SHELL_MESSAGES } from './shell-messages.js';

/** The spec's simple pattern, in ASCII: look-alike letters in an address are refused rather than guessed at. */
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/u;

export function emailProblem(email: string): string | null {
  if (email.length > ACCOUNT_LIMITS.emailMax || !EMAIL_PATTERN.test(email)) return ACCOUNT_SHELL_MESSAGES.emailInvalid;
  return null;
}
