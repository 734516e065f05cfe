/**
 * The spec's own words, pinned to the spec itself: every message of the error catalogues and the
 * validation rules (section 8 and section 5 of each ../shared/spec/*.md) must appear word for word
 * among our text constants, or be on one of the reasoned lists below. A constant that drifts from
 * the spec then fails here, whatever the tests that compare with the constant say.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../src/api/auth/access-hook.js';
import { keywordCounter } from '../src/web/features/templates/template-form.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The spec lives beside the repository: ../shared/spec (in CI a fresh clone with shared/ beside it).
 * A git worktree sits elsewhere, so there it is beside the main checkout the worktree belongs to.
 */
const SPEC_DIR = ((): string => {
  const besideRepo = join(REPO_ROOT, '..', 'shared', 'spec');
  const dotGit = join(REPO_ROOT, '.git');
  if (existsSync(besideRepo) || !existsSync(dotGit) || statSync(dotGit).isDirectory()) return besideRepo;
  const gitDir = /^gitdir: (.+)$/mu.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
  const mainCheckout = gitDir?.split(`${sep}.git${sep}`)[0];
  return mainCheckout ? join(mainCheckout, '..', 'shared', 'spec') : besideRepo;
})();
const SPEC_FILES = ['browse-search-accounts.md', 'posts-payments-rewards.md', 'generator-admin-site.md'];
/** The sections that list what users are told: validation rules and the error catalogue. */
const MESSAGE_SECTIONS = ['5. Validation rules', '8. The error catalogue'];
/** Stands in for a placeholder ({message}, {n} …) on both sides of a comparison. */
const PLACEHOLDER = '\u0000';

/** Every module whose exported objects hold user-facing texts (not shared/zod.ts: it hands out zod itself, whose texts are zod's). */
const TEXT_MODULES = import.meta.glob<Record<string, unknown>>(
  ['../src/domain/**/*.ts', '!../src/domain/**/*.test.ts', '!../src/domain/shared/zod.ts'],
  { eager: true },
);

/** Spec texts that are a bare word rather than {placeholder}, and how the bare word reads. */
const BARE_PLACEHOLDERS: Record<string, string> = { 'n / 3 keywords': 'n' };

/** Spec texts that live inline in one source file (a log line, a one-off label): the file must hold them word for word. */
const IN_SOURCE: Record<string, { file: string; why: string }> = {
  'Operation failed.': { file: 'src/web/lib/session.ts', why: 'logged only (the logout fallback), never shown' },
  'Topic is undefined.': { file: 'src/web/app/routes/topics.tsx', why: 'logged only' },
  Success: { file: 'src/web/features/resources/components/OwnerPanel.tsx', why: 'the admin-delete modal title' },
  'Resource updated successfully': { file: 'src/api/routes/templates/review.ts', why: 'the admin update answer' },
};

/** Spec texts we word differently on purpose. */
const WORDED_DIFFERENTLY: Record<string, string> = {
  'Error: There was an issue submitting the request. Please try again later.':
    "The price-request failure modal is headed 'Error' and says the rest (or the server's own message), like every other error modal; one string with the title glued on would read twice.",
};

/** Spec texts of features not built yet, with the issue that builds them. */
const NOT_YET_BUILT: Record<string, string> = {};

interface SpecMessage {
  text: string;
  where: string;
}

/** Quoted texts: 'single' (an apostrophe inside a word does not end them) or "double". */
const QUOTED = /(?<![A-Za-z0-9])'((?:[^'\n]|'(?=[A-Za-z]))+?)'(?![A-Za-z0-9])|"([^"\n]+)"/gu;

/**
 * A clone on its own has no spec beside it: the suite then skips and says why. CI (CI=true, and
 * .ci/run checks the folder before it starts) never skips it, so the spec's words are always checked there.
 */
const SPEC_ABSENT = !existsSync(SPEC_DIR);
const SPEC_ABSENT_MESSAGE = `The spec folder ${SPEC_DIR} is missing: the conformance test reads ../shared/spec/*.md beside the repository (or beside the main checkout of a worktree).`;
if (SPEC_ABSENT && process.env.CI === undefined) console.warn(`Skipping the spec's own words: ${SPEC_ABSENT_MESSAGE}`);

function specMessages(): SpecMessage[] {
  if (SPEC_ABSENT) throw new Error(SPEC_ABSENT_MESSAGE);
  const present = readdirSync(SPEC_DIR);
  const missing = SPEC_FILES.filter((file) => !present.includes(file));
  if (missing.length > 0) throw new Error(`Spec files missing from ${SPEC_DIR}: ${missing.join(', ')}`);
  const messages = new Map<string, SpecMessage>();
  for (const file of SPEC_FILES) {
    const text = readFileSync(join(SPEC_DIR, file), 'utf8');
    for (const section of MESSAGE_SECTIONS) {
      const start = text.indexOf(`\n## ${section}`);
      if (start < 0) throw new Error(`${file} has no section "## ${section}": the spec changed its layout, update this test`);
      const end = text.indexOf('\n## ', start + 1);
      for (const match of text.slice(start, end < 0 ? undefined : end).matchAll(QUOTED)) {
        const quoted = match[1] ?? match[2]!;
        if (!messages.has(quoted)) messages.set(quoted, { text: quoted, where: `${file} § ${section}` });
      }
    }
  }
  return [...messages.values()];
}

/** A spec text with its placeholders made comparable. */
function comparable(specText: string): string {
  const bare = BARE_PLACEHOLDERS[specText];
  const withBare = bare === undefined ? specText : specText.replace(new RegExp(`\\b${bare}\\b`, 'u'), PLACEHOLDER);
  return withBare.replace(/\{[A-Za-z]+\}/gu, PLACEHOLDER);
}

/** The spec text as a pattern: word for word, a placeholder standing for any text (ours fills some in, e.g. the extension list). */
function patternOf(specText: string): RegExp {
  const escaped = comparable(specText).replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`^${escaped.replaceAll(PLACEHOLDER, '.+')}$`, 'su');
}

/** Our constant that says the spec text word for word, if any. */
function constantSaying(specText: string, texts: Map<string, string>): string | undefined {
  const pattern = patternOf(specText);
  return [...texts.keys()].find((text) => pattern.test(text));
}

/** Every string (and every text-making function's output, placeholders in) in the exported objects of the text modules. */
function ourTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'string') texts.set(value, path);
    else if (typeof value === 'function' && depth > 0) {
      try {
        const made = (value as (...args: string[]) => unknown)(PLACEHOLDER, PLACEHOLDER, PLACEHOLDER);
        if (typeof made === 'string') texts.set(made, `${path}(…)`);
      } catch {
        // Not a text-making function.
      }
    } else if (value !== null && typeof value === 'object' && !seen.has(value) && depth < 3) {
      seen.add(value);
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) return;
      for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`, depth + 1);
    }
  };
  for (const [file, exports] of Object.entries(TEXT_MODULES)) {
    for (const [name, value] of Object.entries(exports)) visit(value, `${file.replace('../', '')}:${name}`, 0);
  }
  visit(ACCESS_MESSAGES, 'ACCESS_MESSAGES', 0);
  texts.set(keywordCounter(PLACEHOLDER as unknown as number), 'keywordCounter(…)');
  return texts;
}

/** Lower case, letters and digits only: two texts that differ only in case, spacing or punctuation compare equal. */
const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\u0000]+/gu, ' ')
    .trim();

describe.skipIf(SPEC_ABSENT && process.env.CI === undefined)("the spec's own words", () => {
  const messages = SPEC_ABSENT && process.env.CI === undefined ? [] : specMessages();
  const texts = ourTexts();

  it('finds the error catalogues and validation messages of all three spec files', () => {
    expect(messages.length).toBeGreaterThan(100);
    for (const file of SPEC_FILES) expect(messages.some((message) => message.where.startsWith(file))).toBe(true);
  });

  const implemented = messages.filter(
    (message) => !(message.text in WORDED_DIFFERENTLY) && !(message.text in NOT_YET_BUILT) && !(message.text in IN_SOURCE),
  );

  it.each(implemented.map((message) => [message.text, message.where]))('has %j word for word in a constant (%s)', (text) => {
    expect(
      constantSaying(text, texts),
      `no constant says ${JSON.stringify(text)}: fix the constant, or put the text on a reasoned list`,
    ).toBeDefined();
  });

  it.each(Object.entries(IN_SOURCE).map(([text, { file }]) => [text, file]))('has %j word for word in %s', (text, file) => {
    expect(messages.map((message) => message.text)).toContain(text);
    expect(readFileSync(join(REPO_ROOT, file), 'utf8')).toContain(text);
  });

  it('keeps the reasoned lists current: each entry is in the spec, and none is in our constants after all', () => {
    const specTexts = new Set(messages.map((message) => message.text));
    const listed = [...Object.keys(WORDED_DIFFERENTLY), ...Object.keys(NOT_YET_BUILT)];
    expect(listed.filter((text) => !specTexts.has(text))).toEqual([]);
    expect(listed.filter((text) => constantSaying(text, texts) !== undefined)).toEqual([]);
  });

  it('has no constant that drifted from a spec text by case, spacing or punctuation', () => {
    // Single words ('Error', 'Success') recur with other punctuation in unrelated places; sentences do not.
    const sentences = messages.filter((message) => normalised(message.text).includes(' '));
    const bySpelling = new Map(sentences.map((message) => [normalised(comparable(message.text)), comparable(message.text)]));
    const drifted = [...texts]
      .filter(([text]) => {
        const spec = bySpelling.get(normalised(text));
        return spec !== undefined && spec !== text;
      })
      .map(([text, path]) => `${path}: ${JSON.stringify(text)} (spec: ${JSON.stringify(bySpelling.get(normalised(text)))})`);
    expect(drifted).toEqual([]);
  });

  it('lists what it checked', () => {
    const counts = {
      wordForWord: implemented.length,
      inSource: Object.keys(IN_SOURCE).length,
      wordedDifferently: Object.keys(WORDED_DIFFERENTLY).length,
      notYetBuilt: Object.keys(NOT_YET_BUILT).length,
    };
    expect(counts.wordForWord + counts.inSource + counts.wordedDifferently + counts.notYetBuilt).toBe(messages.length);
    console.info(
      `spec conformance: ${messages.length} spec messages — ${counts.wordForWord} word for word in constants, ${counts.inSource} in one source file, ${counts.wordedDifferently} worded differently on purpose, ${counts.notYetBuilt} not built yet`,
    );
  });
});
