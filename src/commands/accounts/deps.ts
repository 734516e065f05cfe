import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../adapters/db/database.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { MailOutbox, MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { accountDeciderFor, type AccountCommand } from '../../domain/accounts/decider.js';
import { userStream } from '../../domain/accounts/events.js';
import type { SealedUsername } from '../../domain/accounts/events.js';
import { normaliseEmail, normaliseUsername } from '../../domain/accounts/rules.js';
import { userById } from '../../projections/read-models/users/queries.js';
import type { CommandBus, CommandContext } from '../bus/handle-command.js';

export interface AccountServiceDeps {
  commands: CommandBus;
  /** Reads claim and account streams to tell an abandoned claim from a live one; its head is what owner changes wait for. */
  store: Pick<EventStore, 'readStream' | 'headPosition'>;
  vault: PersonalDataVault;
  db: Kysely<Schema>;
  dbKind: DatabaseKind;
  /** Resolves true once the users read model has applied the log up to `position` (false: not in time). */
  usersReached(position: bigint): Promise<boolean>;
  mail: MailSender;
  /** The development outbox when there is no SMTP server: an erased account's mail leaves it too. */
  outbox: MailOutbox | null;
  /** Where links in e-mails point, e.g. http://localhost:3000. */
  publicUrl: string;
  now?: () => Date;
}

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  position: bigint | null;
}

export function nowOf(deps: Pick<AccountServiceDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

/** A command on the user's own stream. */
export function onAccount(deps: Pick<AccountServiceDeps, 'commands'>, userId: string, command: AccountCommand, context: CommandContext) {
  return deps.commands.handle(accountDeciderFor(userId), userStream(userId), command, context);
}

/** The highest position a group of commands reached, for read-your-writes. */
export function latest(...positions: (bigint | null)[]): bigint | null {
  return positions.reduce<bigint | null>((max, position) => (position !== null && (max === null || position > max) ? position : max), null);
}

export function emailLookupOf(vault: PersonalDataVault, email: string): Promise<string> {
  return vault.blindIndex(`email:${normaliseEmail(email)}`);
}

/** The blind index of a username: its uniqueness claim's key, the same for every letter case. */
export function usernameLookupOf(vault: PersonalDataVault, username: string): Promise<string> {
  return vault.blindIndex(`username:${normaliseUsername(username)}`);
}

/** A username as account events hold it: sealed under the member's key, with its blind index. */
export async function sealUsername(vault: PersonalDataVault, userId: string, username: string): Promise<SealedUsername> {
  return { sealed: await vault.encrypt(userId, username), lookup: await usernameLookupOf(vault, username) };
}

/** The account's e-mail address, from the vault; null once erased. */
export async function emailOf(deps: Pick<AccountServiceDeps, 'db' | 'vault'>, userId: string): Promise<string | null> {
  const row = await userById(deps.db, userId);
  return row?.email_enc ? deps.vault.decrypt(userId, row.email_enc) : null;
}
