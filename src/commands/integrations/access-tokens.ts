import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import { newSecretToken, tokenHash } from '../../adapters/security/tokens.js';
import type { VerificationStatus } from '../../domain/accounts/events.js';
import {
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PREFIX,
  accessTokenDecider,
  accessTokenStream,
  lastUsedMark,
  type AccessTokenSummary,
  type CreateTokenRequest,
  type TokenScope,
} from '../../domain/integrations/tokens.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { accessTokenByHash, accessTokenCount, accessTokensOf } from '../../projections/read-models/integrations/queries.js';
import type { CommandBus } from '../bus/handle-command.js';

const SYSTEM: Actor = { userId: null, role: 'system' };

/** Who a presented token acts as, and with which scopes. */
export interface TokenHolder {
  tokenId: string;
  userId: string;
  username: string;
  verification: VerificationStatus;
  scopes: TokenScope[];
}

/** Personal access tokens: created, listed, revoked, and recognised on requests. */
export function createAccessTokens(deps: { commands: CommandBus; db: Kysely<Schema>; log?: (line: string) => void }) {
  const { commands, db } = deps;

  /** Records the use at most once per TOKEN_LAST_USED_RESOLUTION_MS per token; the same span's record from two processes appends once. */
  async function recordUse(tokenId: string, now: Date): Promise<void> {
    await commands.handle(
      accessTokenDecider,
      accessTokenStream(tokenId),
      { type: 'RecordAccessTokenUse', usedAt: now },
      {
        actor: SYSTEM,
        idempotencyKey: `used-${lastUsedMark(now)}`,
      },
    );
  }

  return {
    /** A new token: answered once, kept only as its hash. */
    async create(
      userId: string,
      request: CreateTokenRequest,
      actor: Actor,
    ): Promise<{ id: string; token: string; position: bigint | null }> {
      if ((await accessTokenCount(db, userId)) >= ACCESS_TOKEN_LIMITS.perMember)
        throw new DomainError('invalid', ACCESS_TOKEN_MESSAGES.tooMany);
      const tokenId = randomUUID();
      const token = `${ACCESS_TOKEN_PREFIX}${newSecretToken()}`;
      const result = await commands.handle(
        accessTokenDecider,
        accessTokenStream(tokenId),
        { type: 'CreateAccessToken', data: { tokenId, userId, name: request.name, scopes: request.scopes, tokenHash: tokenHash(token) } },
        { actor },
      );
      return { id: tokenId, token, position: result.position };
    },

    list(userId: string): Promise<AccessTokenSummary[]> {
      return accessTokensOf(db, userId);
    },

    async revoke(userId: string, tokenId: string, actor: Actor): Promise<bigint | null> {
      const result = await commands.handle(
        accessTokenDecider,
        accessTokenStream(tokenId),
        { type: 'RevokeAccessToken', userId },
        { actor },
      );
      return result.position;
    },

    /**
     * The holder of a presented token; null for an unknown, revoked or over-long one, or an erased
     * account's. Its use is recorded in the background: a request never waits for it.
     */
    async holderOf(token: string, now = new Date()): Promise<TokenHolder | null> {
      if (token.length > 200) return null;
      const row = await accessTokenByHash(db, tokenHash(token));
      if (!row || row.erased) return null;
      if (row.last_used_at === null || row.last_used_at.toISOString() < lastUsedMark(now))
        recordUse(row.token_id, now).catch((error: unknown) =>
          deps.log?.(`access token ${row.token_id}: recording its use failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      return {
        tokenId: row.token_id,
        userId: row.user_id,
        username: row.username,
        verification: row.verification as VerificationStatus,
        scopes: row.scopes.split(' ') as TokenScope[],
      };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
