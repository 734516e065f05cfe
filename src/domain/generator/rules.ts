import { z } from '../shared/zod.js';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '../shared/json.js';
import { hasSingleLineControls } from '../shared/text.js';

/** Limits, timings and labels of the AI template generator (generator-admin-site.md sections 2, 4, 5, 9). */
export const GENERATOR = {
  versionLabel: '0.9.8',
  purposeMax: 300,
  audienceMax: 200,
  /** Not in the spec: a deck longer than this is not a template any more. */
  slidesMax: 30,
  defaultSlides: 8,
  /** Job polling: every 3000 ms, at most 100 attempts for slides and 40 for documents. */
  pollIntervalMs: 3000,
  pollAttempts: { slides: 100, docs: 40 },
  /** The progress overlay's message rotation; it stops at the last message. */
  messageRotationMs: 1000,
  /** The countdown after which 'Still generating…' shows. */
  countdownSeconds: 60,
  /** The style rail scrolls above this many templates. */
  railScrollsAbove: 2,
  /** An admin's prompt override (not in the spec: a bound so it fits an event). */
  promptOverrideMax: 8000,
  hintsOverrideMax: 8000,
  answerTextMax: 500,
} as const;

export const GENERATOR_TEXTS = {
  title: 'AI Template Generator',
  poweredBy: 'Powered by GPT',
  stillGenerating: 'Still generating…',
  openTemplate: 'Open Your Template',
  copy: 'Copy',
  restartConfirm: 'Start over? Your brief, answers and result will be cleared.',
  offlineNotice:
    'Offline mode: no AI model is configured on this server, so the generator builds your template from your brief and answers with a fixed outline. It is not written by GPT.',
  privacyReminder:
    'Please do not enter private data (names, e-mail addresses, phone numbers, card or account numbers): our terms forbid private data in the AI tool.',
  progressMessages: [
    'Reading your brief…',
    'Planning the outline…',
    'Writing the content…',
    'Laying out the pages…',
    'Saving your template…',
  ],
} as const;

/** Every message the generator shows (section 8 word for word, and our own where the spec is silent). */
export const GENERATOR_MESSAGES = {
  questionsFailed: 'Could not load follow-up questions. Please try again.',
  generationFailed: (message: string) => `Generation failed: ${message}`,
  noJobId: 'Job ID not returned from backend.',
  templateFailed: 'Template generation failed.',
  timedOut: (status: string) => `Timed out while ${status}; no template URL returned.`,
  hintsNotObject: 'Hints must be a JSON object.',
  invalidJson: 'Invalid JSON.',
  hintsTooDeep: `Hints may nest at most ${JSON_MAX_DEPTH} levels deep.`,
  purposeRequired: 'Please describe the purpose of your template.',
  purposeTooLong: `The purpose must be at most ${GENERATOR.purposeMax} characters.`,
  audienceTooLong: `The audience must be at most ${GENERATOR.audienceMax} characters.`,
  briefControlCharacters: 'The purpose cannot contain invisible control characters (line breaks and tabs are fine).',
  audienceControlCharacters: 'The audience cannot contain line breaks, tabs or invisible control characters.',
  answerControlCharacters: 'Answers cannot contain invisible control characters (line breaks and tabs are fine).',
  slidesPositive: 'The number of slides must be above 0.',
  slidesWholeNumber: 'The number of slides must be a whole number, such as 8.',
  slidesTooMany: `The number of slides must be at most ${GENERATOR.slidesMax}.`,
  customStyleNeedsId: 'A custom style requires a template id.',
  unknownStyle: (id: string) => `No style has the template id "${id}". Please check the id or choose a style from the list.`,
  unknownApp: 'Please choose Google Slides or Google Docs.',
  overridesAdminOnly: 'Only admins may override the prompt and hints.',
  privateData: (kind: string) => `Please remove the ${kind} from your brief: our terms forbid private data in the AI tool.`,
  unknownJob: 'This generation does not exist.',
  notYourJob: 'This generation belongs to someone else.',
  wrongJobKind: (kind: string) => `This generation is not a ${kind === 'slides' ? 'slide deck' : 'document'}.`,
  unknownFile: 'This template file does not exist.',
  modelTimedOut: 'The AI model did not answer in time. Please try again.',
  modelUnusable: 'The AI model gave an answer we could not use. Please try again.',
  modelUnreachable: 'The AI model could not be reached. Please try again later.',
  interrupted: 'The server restarted twice while generating this template. Please try again.',
  /** Ours: every guest together has used the hour's generations (GUEST_GENERATIONS_PER_HOUR). */
  guestGenerationsSpent: 'Guests have used all of this hour’s AI generations. Please sign in to generate now, or try again later.',
} as const;

/** Generations by all guests together per hour, whatever their addresses (each may be a paid model call): GUEST_GENERATIONS_PER_HOUR. */
export const DEFAULT_GUEST_GENERATIONS_PER_HOUR = 20;

/** The apps of the brief: two enabled, four marked Soon and disabled (section 9). */
export const GENERATOR_APPS = [
  { id: 'google-slides', label: 'Google Slides', kind: 'slides', enabled: true },
  { id: 'google-docs', label: 'Google Docs', kind: 'docs', enabled: true },
  { id: 'notion', label: 'Notion', kind: null, enabled: false },
  { id: 'canva', label: 'Canva', kind: null, enabled: false },
  { id: 'figma', label: 'Figma', kind: null, enabled: false },
  { id: 'zapier', label: 'Zapier', kind: null, enabled: false },
] as const;
export const SOON_LABEL = 'Soon';

export type GenerationKind = 'slides' | 'docs';
export const ENABLED_APP_IDS = ['google-slides', 'google-docs'] as const;
export type GeneratorApp = (typeof ENABLED_APP_IDS)[number];
export const kindOfApp = (app: GeneratorApp): GenerationKind => (app === 'google-slides' ? 'slides' : 'docs');

/** The slide styles of the rail: the default has a fixed id and is always first. */
export const DEFAULT_STYLE_ID = 'tessera-default';
export const CUSTOM_STYLE_ID = 'custom';
export interface SlideStyle {
  id: string;
  name: string;
  thumbUrl: string;
  /** Colours the deck is built with (hex without #). */
  background: string;
  accent: string;
  text: string;
}
export const SLIDE_STYLES: readonly SlideStyle[] = [
  {
    id: DEFAULT_STYLE_ID,
    name: 'Tessera Classic',
    thumbUrl: '/generator-styles/classic.svg',
    background: 'FFFFFF',
    accent: '4F46E5',
    text: '1F2937',
  },
  { id: 'midnight', name: 'Midnight', thumbUrl: '/generator-styles/midnight.svg', background: '111827', accent: 'F59E0B', text: 'F9FAFB' },
  { id: 'meadow', name: 'Meadow', thumbUrl: '/generator-styles/meadow.svg', background: 'F0FDF4', accent: '15803D', text: '14532D' },
  { id: 'coral', name: 'Coral', thumbUrl: '/generator-styles/coral.svg', background: 'FFF7ED', accent: 'EA580C', text: '431407' },
];
export const styleById = (id: string | null | undefined): SlideStyle => SLIDE_STYLES.find((style) => style.id === id) ?? SLIDE_STYLES[0]!;

/** Question types of the follow-up sets (section 3). */
export const QUESTION_TYPES = ['radio', 'checkbox', 'dropdown', 'slider', 'text'] as const;

export const questionSchema = z.object({
  id: z.string().min(1).max(60),
  type: z.enum(QUESTION_TYPES),
  question: z.string().min(1).max(300),
  options: z.array(z.string().min(1).max(120)).max(12).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  placeholder: z.string().max(200).optional(),
});
export type Question = z.infer<typeof questionSchema>;
export const questionSetSchema = z.object({ title: z.string().min(1).max(120), questions: z.array(questionSchema).min(1).max(8) });
export type QuestionSet = z.infer<typeof questionSetSchema>;
/** What the model must answer for the questions step. */
export const questionSetsSchema = z.object({ sets: z.array(questionSetSchema).min(1).max(4) });

/** What a generation produces: the outline every file is built from (stored in the success event). */
export const generatedContentSchema = z.object({
  title: z.string().min(1).max(200),
  subtitle: z.string().max(300),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(200),
        paragraphs: z.array(z.string().min(1).max(2000)).max(6),
        bullets: z.array(z.string().min(1).max(300)).max(8),
      }),
    )
    .min(1)
    .max(GENERATOR.slidesMax),
});
export type GeneratedContent = z.infer<typeof generatedContentSchema>;

/** The one-line control-character rule for text of several lines (a brief, an answer): line breaks and tabs are text there. */
const hasMultiLineControls = (text: string) => hasSingleLineControls(text.replace(/[\t\n\r]/gu, ''));

/** Control characters would end up in the generated file's XML, which then does not open. */
const answerText = z.string().refine((text) => !hasMultiLineControls(text), GENERATOR_MESSAGES.answerControlCharacters);

/** Answers to follow-up questions: by question id, a text, a number or a list of choices. */
export const answersSchema = z.record(
  z.string().max(60),
  z.union([answerText.max(GENERATOR.answerTextMax), z.number().finite(), z.array(answerText.max(120)).max(12)]),
);
export type Answers = z.infer<typeof answersSchema>;

/** A card network's number prefix: American Express, Diners and JCB (3), Visa (4), Mastercard (51–55, 2221–2720), Discover and UnionPay (6). */
const CARD_NETWORK_PREFIX = /^(?:[3-6]|2(?:22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/u;

/**
 * Digits that are a card number: a network's prefix and a valid Luhn check digit. Without both, a
 * run of years ('2023 2024 2025 2026'), numbered sessions or an ISBN would read as a card.
 */
function isCardNumber(candidate: string): boolean {
  const digits = candidate.replace(/[ -]/gu, '');
  if (!CARD_NETWORK_PREFIX.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const weighted = index % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return sum % 10 === 0;
}

/** Private data the terms keep out of the AI tool; a pattern per kind (and a check of what it matched), run on every text of a brief. */
const PRIVATE_DATA_PATTERNS: readonly { kind: string; pattern: RegExp; is?: (match: string) => boolean }[] = [
  { kind: 'e-mail address', pattern: /[^\s@]+@[^\s@]+\.[a-z]{2,}/giu },
  { kind: 'card number', pattern: /\b(?:\d[ -]?){13,19}\b/gu, is: isCardNumber },
  { kind: 'IBAN', pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}\b/gu },
  { kind: 'phone number', pattern: /(?:\+|\b00)\d[\d ().-]{7,}\d|\(\d{2,4}\)\s?\d{3}[ .-]?\d{3,4}|\b\d{3}[ .-]\d{3}[ .-]\d{4}\b/gu },
];

/** The kind of private data in `texts`, if any (the terms: no private data in the AI tool). */
export function privateDataIn(...texts: readonly (string | undefined)[]): string | null {
  for (const text of texts) {
    if (!text) continue;
    for (const { kind, pattern, is } of PRIVATE_DATA_PATTERNS) {
      for (const [match] of text.matchAll(pattern)) if (is === undefined || is(match)) return kind;
    }
  }
  return null;
}

/** Admin hints override: blank means none; otherwise a JSON object (section 5). */
export function parseHintsOverride(
  text: string | undefined,
): { ok: true; hints: Record<string, unknown> | null } | { ok: false; message: string } {
  if (text === undefined || text.trim() === '') return { ok: true, hints: null };
  // Deeper hints overflowed the stack where the event was stored (a 500).
  if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) return { ok: false, message: GENERATOR_MESSAGES.hintsTooDeep };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: GENERATOR_MESSAGES.invalidJson };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, message: GENERATOR_MESSAGES.hintsNotObject };
  return { ok: true, hints: parsed as Record<string, unknown> };
}

const purpose = z
  .string()
  .trim()
  .max(GENERATOR.purposeMax, GENERATOR_MESSAGES.purposeTooLong)
  .refine((text) => !hasMultiLineControls(text), GENERATOR_MESSAGES.briefControlCharacters);
const audience = z
  .string()
  .trim()
  .max(GENERATOR.audienceMax, GENERATOR_MESSAGES.audienceTooLong)
  .refine((text) => !hasSingleLineControls(text), GENERATOR_MESSAGES.audienceControlCharacters);
/** The limit a number breaks: Infinity (JSON's 1e400) is past one of them, not 'no number'. */
const slidesOutOfRange = (input: number) => (input > 0 ? GENERATOR_MESSAGES.slidesTooMany : GENERATOR_MESSAGES.slidesPositive);
const numSlides = z
  .number({
    error: (issue) =>
      typeof issue.input === 'number' && !Number.isNaN(issue.input) ? slidesOutOfRange(issue.input) : GENERATOR_MESSAGES.slidesWholeNumber,
  })
  // The limits before wholeness: 1e300 is whole (though no safe integer), and the limit is the rule it breaks.
  .gt(0, GENERATOR_MESSAGES.slidesPositive)
  .max(GENERATOR.slidesMax, GENERATOR_MESSAGES.slidesTooMany)
  .int(GENERATOR_MESSAGES.slidesWholeNumber);

/** A number as people type one: an optional sign, digits, decimals, an exponent (no hex, no 'Infinity'). */
const TYPED_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/iu;

/**
 * The form's number of slides as typed: blank is none (the default); text that is no number is NaN,
 * which the rule refuses, so 'abc' or '1e' is never silently replaced by the default.
 */
export function numSlidesOfText(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  return TYPED_NUMBER.test(typed) ? Number(typed) : Number.NaN;
}

/** The brief as both the questions call and the generate call send it (section 7). */
export const briefFields = {
  brief: purpose.default(''),
  audience: audience.optional(),
  app: z.enum(ENABLED_APP_IDS, GENERATOR_MESSAGES.unknownApp),
  numSlides: numSlides.nullish(),
};

function checkBrief(
  value: {
    brief: string;
    app: GeneratorApp;
    numSlides?: number | null;
    templateId?: string | null;
    overridePromptTemplate?: string;
    overrideHints?: unknown;
  },
  context: z.RefinementCtx,
): void {
  const hasOverride = (value.overridePromptTemplate ?? '').trim() !== '' || hintsText(value.overrideHints).trim() !== '';
  // An admin may generate with only an override; the API checks who sent it.
  if (value.brief === '' && !hasOverride)
    context.addIssue({ code: 'custom', path: ['brief'], message: GENERATOR_MESSAGES.purposeRequired });
  if (value.templateId === CUSTOM_STYLE_ID)
    context.addIssue({ code: 'custom', path: ['templateId'], message: GENERATOR_MESSAGES.customStyleNeedsId });
  // Only slides have a style; an id no style has would otherwise give the default one without a word.
  else if (value.app === 'google-slides' && value.templateId && !SLIDE_STYLES.some((style) => style.id === value.templateId)) {
    context.addIssue({ code: 'custom', path: ['templateId'], message: GENERATOR_MESSAGES.unknownStyle(value.templateId) });
  }
  if (value.overrideHints !== undefined) {
    const hints =
      typeof value.overrideHints === 'string'
        ? parseHintsOverride(value.overrideHints)
        : parseHintsOverride(JSON.stringify(value.overrideHints));
    if (!hints.ok) context.addIssue({ code: 'custom', path: ['overrideHints'], message: hints.message });
  }
}

/** The hints override as text, whether it came as JSON text (the editor) or as a JSON value. */
export function hintsText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const questionsRequestSchema = z.object(briefFields).superRefine((value, context) => checkBrief(value, context));
export type QuestionsRequest = z.infer<typeof questionsRequestSchema>;

export const generateRequestSchema = z
  .object({
    ...briefFields,
    format: z.enum(['html']).optional(),
    /** The rail's choice; 'custom' alone is refused (a custom style needs a template id). */
    templateId: z.string().trim().max(100).nullish(),
    answers: answersSchema.optional(),
    overridePromptTemplate: z.string().max(GENERATOR.promptOverrideMax).optional(),
    /** JSON text from the admin's editor, or the object itself; must be a JSON object. */
    overrideHints: z.unknown().optional(),
  })
  .superRefine((value, context) => checkBrief(value, context));
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** The brief checks the web form runs before calling (the API runs the same schema). */
export function briefProblem(input: {
  brief: string;
  audience?: string;
  app: GeneratorApp;
  numSlides?: number | null;
  templateId?: string | null;
  overridePromptTemplate?: string;
  overrideHints?: string;
}): string | null {
  const result = generateRequestSchema.safeParse(input);
  if (result.success) return privateDataKindMessage(input);
  return result.error.issues[0]?.message ?? null;
}

function privateDataKindMessage(input: { brief: string; audience?: string }): string | null {
  const kind = privateDataIn(input.brief, input.audience);
  return kind === null ? null : GENERATOR_MESSAGES.privateData(kind);
}
