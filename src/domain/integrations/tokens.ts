import type { Decider, DomainEvent } from '../shared/events.js';
import { DomainError } from '../shared/events.js';
import { z } from '../shared/zod.js';

/*
 * Personal access tokens: a member's own credential for their tools. The token is shown once and
 * only its hash is kept (the session tokens' SHA-256); a token acts as its member with exactly its
 * scopes, on the routes that declare a scope (config.tokenScope), never on admin routes.
 */

/** `read`: their account, posts, purchases and sales. `write`: create and edit their posts, answer comments, manage webhooks. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What tells a personal access token from a session token in an `Authorization: Bearer` header. */
export const ACCESS_TOKEN_PREFIX = 'tsr_pat_';

export const ACCESS_TOKEN_LIMITS = {
  name: 60,
  /** Tokens one member may hold at once. */
  perMember: 20,
} as const;

/**
 * "Last used" is recorded at most once per this span per token: a token used all day appends 24
 * events, not one per request. The account page shows it to the hour.
 */
export const TOKEN_LAST_USED_RESOLUTION_MS = 60 * 60 * 1000;

export const ACCESS_TOKEN_MESSAGES = {
  nameBlank: 'Please give the token a name',
  nameTooLong: `The name must be at most ${ACCESS_TOKEN_LIMITS.name} characters`,
  noScopes: 'Choose at least one scope: read or write',
  tooMany: `You can hold at most ${ACCESS_TOKEN_LIMITS.perMember} tokens: revoke one first`,
  notFound: 'This token does not exist',
  refusedHere: 'Access tokens are not accepted on this route. Sign in instead.',
  scopeMissing: (scope: TokenScope) => `This token lacks the "${scope}" scope.`,
  invalid: 'This access token is not valid (revoked or unknown).',
} as const;

export const createTokenSchema = z.object({
  name: z.string().trim().min(1, ACCESS_TOKEN_MESSAGES.nameBlank).max(ACCESS_TOKEN_LIMITS.name, ACCESS_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .min(1, ACCESS_TOKEN_MESSAGES.noScopes)
    .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateTokenRequest = z.infer<typeof createTokenSchema>;

/** A token as its member sees it in the list: never the token itself. */
export interface AccessTokenSummary {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

export type AccessTokenCreated = DomainEvent<
  'AccessTokenCreated',
  { tokenId: string; userId: string; name: string; scopes: TokenScope[]; tokenHash: string }
>;
/** `usedAt` rounded down to TOKEN_LAST_USED_RESOLUTION_MS. */
export type AccessTokenUsed = DomainEvent<'AccessTokenUsed', { tokenId: string; userId: string; usedAt: string }>;
export type AccessTokenRevoked = DomainEvent<'AccessTokenRevoked', { tokenId: string; userId: string }>;
export type AccessTokenEvent = AccessTokenCreated | AccessTokenUsed | AccessTokenRevoked;

export const accessTokenStream = (tokenId: string) => `access-token-${tokenId}`;

export type AccessTokenCommand =
  | { type: 'CreateAccessToken'; data: AccessTokenCreated['data'] }
  | { type: 'RecordAccessTokenUse'; usedAt: Date }
  | { type: 'RevokeAccessToken'; userId: string };

export interface AccessTokenState {
  tokenId: string;
  userId: string | null;
  revoked: boolean;
  lastUsedAt: string | null;
}

/** The start of the span `at` falls in: what "last used" records. */
export function lastUsedMark(at: Date): string {
  return new Date(Math.floor(at.getTime() / TOKEN_LAST_USED_RESOLUTION_MS) * TOKEN_LAST_USED_RESOLUTION_MS).toISOString();
}

export const accessTokenDecider: Decider<AccessTokenState, AccessTokenCommand, AccessTokenEvent> = {
  initialState: () => ({ tokenId: '', userId: null, revoked: false, lastUsedAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AccessTokenCreated':
        return { ...state, tokenId: event.data.tokenId, userId: event.data.userId };
      case 'AccessTokenUsed':
        return { ...state, lastUsedAt: event.data.usedAt };
      case 'AccessTokenRevoked':
        return { ...state, revoked: true };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateAccessToken':
        return state.userId === null ? [{ type: 'AccessTokenCreated', data: command.data }] : [];
      case 'RecordAccessTokenUse': {
        if (state.userId === null || state.revoked) return [];
        const usedAt = lastUsedMark(command.usedAt);
        if (state.lastUsedAt !== null && state.lastUsedAt >= usedAt) return [];
        return [{ type: 'AccessTokenUsed', data: { tokenId: state.tokenId, userId: state.userId, usedAt } }];
      }
      case 'RevokeAccessToken':
        if (state.userId !== command.userId) throw new DomainError('not_found', ACCESS_TOKEN_MESSAGES.notFound);
        return state.revoked ? [] : [{ type: 'AccessTokenRevoked', data: { tokenId: state.tokenId, userId: command.userId } }];
    }
  },
};
