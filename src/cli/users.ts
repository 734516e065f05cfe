import { generatePassword } from '../adapters/security/passwords.js';
import { asksForHelp } from './help.js';
import { configFromEnv } from '../composition/config.js';
import type { UserLevel } from '../domain/accounts/events.js';
import type { Actor } from '../domain/shared/events.js';

const USAGE = `Usage:
  npm run users -- promote <username> <base|admin|owner>
  npm run users -- block <username> <reason…>
  npm run users -- unblock <username>
  npm run users -- reset-password <username>   (prints a new random password; every session of the account ends)`;
const ACTIONS: readonly string[] = ['promote', 'block', 'unblock', 'reset-password'];
const LEVELS: readonly UserLevel[] = ['base', 'admin', 'owner'];
/** The person at the terminal: recorded as the actor of every event this tool appends. */
const OPERATOR: Actor = { userId: null, role: 'operator' };

/** Operators' account tool: works on the log directly, so it needs no running server or projections. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (asksForHelp(args)) {
    console.log(USAGE);
    return;
  }
  const [action, username, ...rest] = args;
  if (!action) throw new Error(USAGE);
  if (!ACTIONS.includes(action)) throw new Error(`Unknown action "${action}".\n${USAGE}`);
  if (!username) throw new Error(`Name the user to ${action}.\n${USAGE}`);
  const level = rest[0] as UserLevel | undefined;
  if (action === 'promote' && (!level || !LEVELS.includes(level)))
    throw new Error(`The level must be one of ${LEVELS.join(', ')}.\n${USAGE}`);
  // Only a block takes more words (its reason): anything else left over is a mistyped command.
  const extra = action === 'promote' ? rest.slice(1) : action === 'block' ? [] : rest;
  if (extra.length > 0)
    throw new Error(`Unexpected "${extra.join(' ')}" after ${action} ${username}${action === 'promote' ? ` ${level}` : ''}.\n${USAGE}`);
  const reason = rest.join(' ').trim();
  if (action === 'block' && reason === '') throw new Error(`Please give a reason for blocking.\n${USAGE}`);

  // The whole app, loaded once the arguments pass: a mistyped command is answered at once, not after seconds of loading.
  const { openInfrastructure } = await import('../composition/infrastructure.js');
  const infrastructure = await openInfrastructure(configFromEnv());
  try {
    const { accounts } = infrastructure;
    // The username's uniqueness claim names its owner.
    const userId = await accounts.usernameOwner(username);
    if (userId === null) throw new Error(`There is no user named "${username}".`);
    if (action === 'reset-password') {
      const password = generatePassword();
      await accounts.setPasswordByOperator(userId, password, OPERATOR);
      console.log(`${username}: the new password is ${password}`);
      return;
    }
    const result =
      action === 'promote'
        ? await accounts.changeLevel(userId, level!, OPERATOR)
        : await accounts.changeVerificationStatus(
            userId,
            action === 'block' ? 'blocked' : 'verified',
            action === 'block' ? reason : 'unblocked by an operator',
            OPERATOR,
          );
    console.log(
      result.events.length === 0
        ? `${username}: nothing to change.`
        : `${username}: ${result.events.map((event) => event.type).join(', ')}.`,
    );
  } finally {
    await infrastructure.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
