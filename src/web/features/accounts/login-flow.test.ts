import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client.js';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';

import {
  describeLoginFailure,
  describeSignupFailure,
  loginNotice,
  LOGIN_AFTER_PASSWORD_CHANGE_PATH,
  safeRedirectPath,
} from './login-flow.js';

describe('safeRedirectPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeRedirectPath('/search?q=notion&showRequestModal=true#top')).toBe('/search?q=notion&showRequestModal=true#top');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'account'])(
    'falls back to home for %s',
    (redirectUrl) => {
      expect(safeRedirectPath(redirectUrl)).toBe('/');
    },
  );
});

describe('describeLoginFailure', () => {
  it('shows the rate-limit modal on 429 whatever the server said', () => {
    expect(describeLoginFailure(new ApiError(429, 'slow down'), 'ann')).toEqual({
      title: 'Rate Limit Exceeded',
      message: 'Too many login attempts. Please try again later.',
      offerResendVerification: false,
    });
  });

  it('says how to get in anyway when the account’s sign-ins from new devices are spent', () => {
    expect(describeLoginFailure(new ApiError(429, ACCOUNT_MESSAGES.loginNewDevicesRateLimited), 'ann')).toEqual({
      title: 'Rate Limit Exceeded',
      message: ACCOUNT_MESSAGES.loginNewDevicesRateLimited,
      offerResendVerification: false,
    });
  });

  it("shows the server's message under 'Login Error'", () => {
    const failure = describeLoginFailure(new ApiError(401, 'Invalid email/password combination.'), 'ann');
    expect(failure).toEqual({ title: 'Login Error', message: 'Invalid email/password combination.', offerResendVerification: false });
  });

  it('offers to resend the verification link when the message is about the e-mail', () => {
    const failure = describeLoginFailure(new ApiError(403, 'Please verify your Email before logging in.'), 'ann');
    expect(failure.offerResendVerification).toBe(true);
  });

  it('falls back to the e-mail wording for an e-mail login without a message', () => {
    expect(describeLoginFailure(new ApiError(401, 'Request failed: 401'), 'ann@example.com').message).toBe('Invalid email or password.');
  });

  it('calls anything else unexpected', () => {
    expect(describeLoginFailure(new TypeError('Failed to fetch'), 'ann').message).toBe('An unexpected error occurred. Please try again.');
    expect(describeLoginFailure(new ApiError(500, 'boom'), 'ann').message).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('describeSignupFailure', () => {
  it('prefixes the server reason', () => {
    expect(describeSignupFailure(new ApiError(409, 'This email is already in use'))).toBe('Signup Error: This email is already in use');
  });

  it('keeps a message that already is a sign-up error', () => {
    expect(describeSignupFailure(new ApiError(400, 'Signup Error: Form not filled correctly'))).toBe(
      'Signup Error: Form not filled correctly',
    );
  });

  it('says try again when the server gave no reason', () => {
    expect(describeSignupFailure(new ApiError(502, 'Request failed: 502 Bad Gateway'))).toBe('Signup Error: Try Again');
  });

  it('names a missing token', () => {
    expect(describeSignupFailure(new Error('No token received from the server.'))).toBe('Signup Error: No token received from the server.');
  });
});

describe('loginNotice', () => {
  it('tells someone sent to log in again after changing their password that the change worked', () => {
    expect(loginNotice(new URL(LOGIN_AFTER_PASSWORD_CHANGE_PATH, 'http://tessera.invalid').searchParams)).toBe(
      ACCOUNT_MESSAGES.passwordChanged,
    );
    expect(loginNotice(new URLSearchParams('redirectUrl=/account'))).toBeNull();
  });
});
