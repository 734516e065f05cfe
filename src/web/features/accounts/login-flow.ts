/** Pure decisions of the login and sign-up flows (spec sections 4 and 8), kept apart from the pages so they can be tested. */

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { sameSitePath } from '@domain/shared/paths.js';
import { ApiError } from '@/lib/api-client.js';

/** Where to go after signing in: the redirectUrl when it is a path on this site, else home. */
export function safeRedirectPath(redirectUrl: string | null | undefined, fallback = '/'): string {
  return sameSitePath(redirectUrl) ?? fallback;
}

/** Changing the password ends every session (spec section 4); the login page then says the change worked. */
const PASSWORD_CHANGED_PARAMETER = 'passwordChanged';
export const LOGIN_AFTER_PASSWORD_CHANGE_PATH = `/login?${PASSWORD_CHANGED_PARAMETER}=true`;

/** What the login page says above the form about how the person got there, if anything. */
export function loginNotice(parameters: URLSearchParams): string | null {
  return parameters.get(PASSWORD_CHANGED_PARAMETER) === 'true' ? ACCOUNT_MESSAGES.passwordChanged : null;
}

export interface LoginFailure {
  title: string;
  message: string;
  /** The message is about the e-mail address (unverified, say): offer to resend the verification link. */
  offerResendVerification: boolean;
}

/** What the login page shows for a failed attempt (spec section 8, Login). */
export function describeLoginFailure(error: unknown, login: string): LoginFailure {
  if (error instanceof ApiError && error.status === 429) {
    // The account's budget for new devices tells the owner how to get in anyway (a known device, the reset e-mail).
    const message =
      error.message === ACCOUNT_MESSAGES.loginNewDevicesRateLimited
        ? ACCOUNT_MESSAGES.loginNewDevicesRateLimited
        : ACCOUNT_MESSAGES.loginRateLimited;
    return { title: ACCOUNT_MESSAGES.rateLimitTitle, message, offerResendVerification: false };
  }
  if (error instanceof ApiError && error.status < 500) {
    const fallback = login.includes('@') ? ACCOUNT_MESSAGES.emailLoginFailed : ACCOUNT_MESSAGES.loginFailed;
    const message = error.message.startsWith('Request failed') ? fallback : error.message;
    return {
      title: ACCOUNT_MESSAGES.loginErrorTitle,
      message,
      offerResendVerification:
        /email/iu.test(message) && message !== ACCOUNT_MESSAGES.loginFailed && message !== ACCOUNT_MESSAGES.emailLoginFailed,
    };
  }
  return { title: ACCOUNT_MESSAGES.loginErrorTitle, message: ACCOUNT_MESSAGES.unexpected, offerResendVerification: false };
}

/** The sign-up error line (spec section 8, Sign-up): the server's reason after 'Signup Error: ', as the spec words each case. */
export function describeSignupFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message.startsWith('Signup Error:')) return error.message;
    if (error.message.startsWith('Request failed')) return ACCOUNT_MESSAGES.signupTryAgain;
    return ACCOUNT_MESSAGES.signupError(error.message);
  }
  if (error instanceof Error && error.message !== '') return ACCOUNT_MESSAGES.signupError(error.message);
  return ACCOUNT_MESSAGES.signupError(ACCOUNT_MESSAGES.signupUnknownError);
}
