import { readFile } from 'node:fs/promises';
import { asksForHelp } from './help.js';
import { configFromEnv } from '../composition/config.js';
import { describeChainBreak, firstBrokenTrailLink, parseChainHead, type TrailLink } from '../domain/audit/chain.js';

/** Without a terminal, progress is a line per this many events checked (a verification reads 5 000 a page). */
const PROGRESS_LINE_EVERY_EVENTS = 100_000;

const USAGE = `Usage:
  npm run audit -- verify [--head <position>:<hash>]   recomputes the audit chain over the whole log
  npm run audit -- verify-trail <file>                 checks a post's downloaded trail without the server`;

/** Exit codes: 0 verified, 1 a break was found, 2 the command was mistyped or its input unreadable. */
async function main(args: string[]): Promise<number> {
  if (asksForHelp(args)) {
    console.log(USAGE);
    return 0;
  }
  const [command, ...rest] = args;
  if (command === 'verify') return verify(rest);
  if (command === 'verify-trail') return verifyTrail(rest);
  console.error(command === undefined ? USAGE : `Unknown command "${command}".\n${USAGE}`);
  return 2;
}

async function verify(args: string[]): Promise<number> {
  const headIndex = args.indexOf('--head');
  const headText = headIndex === -1 ? undefined : args[headIndex + 1];
  const unexpected = args.filter((_, index) => headIndex === -1 || (index !== headIndex && index !== headIndex + 1));
  if (unexpected.length > 0 || (headIndex !== -1 && headText === undefined)) {
    console.error(`Unexpected "${unexpected.join(' ') || '--head'}".\n${USAGE}`);
    return 2;
  }
  const writtenHead = headText === undefined ? undefined : parseChainHead(headText);
  if (writtenHead === null) {
    console.error(`"${headText}" is not a head: write it as <position>:<64 hex digits>, as GET /api/audit/head answers.`);
    return 2;
  }
  // The database, opened once the arguments pass: a mistyped command is answered at once.
  const { openAuditDatabase } = await import('../composition/audit-database.js');
  const { verifyEventChain } = await import('../adapters/eventstore/chain.js');
  const opened = await openAuditDatabase(configFromEnv());
  try {
    const started = performance.now();
    const result = await verifyEventChain(opened.database, {
      ...(writtenHead ? { writtenHead } : {}),
      onProgress: (checked) => {
        // A terminal redraws one line; a log file gets a line now and then rather than one run-on line.
        if (process.stderr.isTTY) process.stderr.write(`\r${checked.toLocaleString('en')} events checked`);
        else if (checked % PROGRESS_LINE_EVERY_EVENTS === 0) process.stderr.write(`${checked.toLocaleString('en')} events checked\n`);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(result.checked / Math.max(seconds, 0.001)).toLocaleString('en');
    if (result.found) {
      console.error(`Verification failed after ${result.checked.toLocaleString('en')} events. ${describeChainBreak(result.found)}`);
      return 1;
    }
    console.log(
      `The log is intact: ${result.checked.toLocaleString('en')} events checked in ${seconds.toFixed(1)} s (${rate} events/s).` +
        (result.head ? ` Head ${result.head.position}:${result.head.hash}.` : ' The chain is empty.') +
        (writtenHead ? ` It matches the head written down at position ${writtenHead.position}.` : '') +
        (result.unlinked > 0 ? ` ${result.unlinked} newer events are not linked yet (the server links them as they arrive).` : ''),
    );
    return 0;
  } finally {
    await opened.close();
  }
}

async function verifyTrail(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error(`Name one trail file.\n${USAGE}`);
    return 2;
  }
  let trail: unknown;
  try {
    trail = JSON.parse(await readFile(args[0]!, 'utf8'));
  } catch (error) {
    console.error(`The trail file could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const entries = (trail as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) {
    console.error('This is not a trail: it has no "entries" list (download one from the post page or GET /api/resources/{id}/trail).');
    return 2;
  }
  const links = entries.map((entry: { link?: TrailLink | null }) => entry.link).filter((link) => link !== null && link !== undefined);
  const broken = firstBrokenTrailLink(links as TrailLink[]);
  if (broken) {
    console.error(`The trail was altered: entry ${broken.index + 1} fails, ${broken.reason}.`);
    return 1;
  }
  const unlinked = entries.length - links.length;
  console.log(
    `Every link of the trail holds: ${links.length} entries.` +
      (unlinked > 0 ? ` ${unlinked} entries were not linked yet when it was downloaded.` : '') +
      ' Compare their hashes with the chain (npm run audit -- verify) or a head published after them.',
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
