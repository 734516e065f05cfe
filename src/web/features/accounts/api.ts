/** The account calls of the API (spec section 7), typed as the server answers them. */

import type { CurrentUser, PublicProfile } from '@domain/accounts/current-user.js';
import type { ProfileUpdate } from '@domain/accounts/schemas.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import type { RewardView } from '@domain/engagement/views.js';

export interface AvailabilityAnswer {
  available: boolean;
  message: string;
  reserved?: { name: string; label: string };
}

export function checkUsernameAvailability(username: string, signal?: AbortSignal): Promise<AvailabilityAnswer> {
  return apiRequest('/signup/username/check-availability', { method: 'POST', body: { username }, signal, authFailures: 'silent' });
}

export function checkEmailAvailability(email: string, signal?: AbortSignal): Promise<AvailabilityAnswer> {
  return apiRequest('/signup/email/check-availability', { method: 'POST', body: { email }, signal, authFailures: 'silent' });
}

export interface SignedInAnswer {
  /** Only for API clients that ask for it (X-Session-Token: bearer); the web app signs in by its cookie. */
  token?: string;
  user?: CurrentUser;
  message?: string;
  success?: boolean;
}

export function signUp(form: { username: string; email: string; password: string }): Promise<SignedInAnswer> {
  return apiRequest('/signupUser', { method: 'POST', body: { ...form, agreeToTermsAndConditions: true }, authFailures: 'silent' });
}

export function logIn(login: string, password: string): Promise<SignedInAnswer> {
  return apiRequest('/login', { method: 'POST', body: { login, password }, authFailures: 'silent' });
}

export function logInWithGoogle(credential: string): Promise<SignedInAnswer> {
  return apiRequest('/auth/googleLogin', { method: 'POST', body: { token: credential }, authFailures: 'silent' });
}

export function fetchGoogleClientId(): Promise<string | null> {
  return apiRequest<{ clientId: string | null }>('/auth/google/config', { authFailures: 'silent' }).then((answer) => answer.clientId);
}

export function reloginAsAdmin(): Promise<SignedInAnswer> {
  return apiRequest('/auth/relogin-admin', { method: 'POST', authFailures: 'silent' });
}

/** Asks for a verification link by e-mail: the signed-in user's, or the given account's (login page resend link). */
export function requestEmailVerification(username?: string): Promise<{ message: string }> {
  return apiRequest('/request-email-verify', { method: 'POST', body: username === undefined ? {} : { username }, authFailures: 'silent' });
}

export function verifyEmail(username: string, token: string): Promise<{ message: string }> {
  return apiRequest('/verify-email', { method: 'POST', body: { t: token, u: username, s: 'verified' }, authFailures: 'silent' });
}

export function generateOtp(): Promise<{ message: string }> {
  return apiRequest('/generate-otp', { method: 'POST', body: {} });
}

export interface OtpAnswer {
  verified: boolean;
  message?: string;
  attempts?: number;
}

/** A wrong code is an answer, not a failure: its 400 body carries the message and the attempts left. */
export async function verifyOtp(otp: string): Promise<OtpAnswer> {
  const response = await fetch('/api/verify-otp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ otp }),
    credentials: 'include',
  });
  const answer = (await response.json().catch(() => null)) as OtpAnswer | { message?: string } | null;
  if (response.ok && answer !== null && 'verified' in answer) return answer;
  if (response.status === 400 && answer !== null) return { verified: false, ...answer };
  throw new ApiError(response.status, answer?.message ?? `Request failed: ${response.status}`);
}

export function changePassword(fields: { cp: string; np: string; npv: string }): Promise<{ message: string }> {
  return apiRequest('/change-password', { method: 'POST', body: fields, authFailures: 'silent' });
}

export function requestPasswordReset(usernameOrEmail: string): Promise<{ success: boolean; message: string }> {
  return apiRequest('/request-password-reset', { method: 'POST', body: { username: usernameOrEmail }, authFailures: 'silent' });
}

export function checkResetToken(username: string, token: string): Promise<{ error: boolean }> {
  return apiRequest('/check-token', { method: 'POST', body: { t: token, u: username }, authFailures: 'silent' });
}

export function changePasswordAndLogIn(username: string, token: string, password: string): Promise<SignedInAnswer> {
  return apiRequest('/change-password-and-login', { method: 'POST', body: { u: username, t: token, p: password }, authFailures: 'silent' });
}

export function updateProfile(update: ProfileUpdate): Promise<CurrentUser> {
  return apiRequest('/users/me/update', { method: 'POST', body: update });
}

/** Multipart upload; the API client speaks JSON only, so this one call builds its own request. */
export async function uploadProfilePicture(image: Blob, fileName: string): Promise<{ thumbnail: string }> {
  const body = new FormData();
  body.append('image', image, fileName);
  const response = await fetch('/api/users/me/picture', {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const answer = (await response.json().catch(() => null)) as { thumbnail?: string; message?: string } | null;
  if (!response.ok || typeof answer?.thumbnail !== 'string') {
    throw new ApiError(response.status, answer?.message ?? `Request failed: ${response.status}`);
  }
  return { thumbnail: answer.thumbnail };
}

export function removeProfilePicture(): Promise<CurrentUser> {
  return apiRequest('/users/me/picture', { method: 'DELETE' });
}

export function deleteAccount(password: string | undefined): Promise<{ success: boolean }> {
  return apiRequest('/users/me/delete', { method: 'POST', body: password === undefined ? {} : { password }, authFailures: 'silent' });
}

export interface ProfilePagination {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
  showing: string;
  pageStatus: string;
}

export interface PublicProfileAnswer {
  user: PublicProfile;
  /** The viewer is this profile's owner (who also sees posts under review). */
  isOwner: boolean;
  posts: ResourceView[];
  pagination: ProfilePagination;
}

export function fetchPublicProfile(username: string, page: number, signal?: AbortSignal): Promise<PublicProfileAnswer> {
  return apiRequest(`/users/public/${encodeURIComponent(username)}?page=${page}`, { signal, authFailures: 'silent' });
}

/** E-mails `username` a message from the signed-in member. */
export function sendMemberMessage(username: string, message: string): Promise<{ message: string }> {
  return apiRequest(`/users/public/${encodeURIComponent(username)}/message`, { method: 'POST', body: { message } });
}

export type Reward = RewardView;

export interface RewardsAnswer {
  rewards: Reward[];
  total: number;
}

export function fetchRewards(userId: string, signal?: AbortSignal): Promise<unknown> {
  return apiRequest(`/rewards/${encodeURIComponent(userId)}`, { signal });
}
