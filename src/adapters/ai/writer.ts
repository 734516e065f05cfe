import type OpenAI from 'openai';
import { z } from 'zod';
import {
  answerRequirements,
  DETAIL_LEVELS,
  offlineContent,
  OFFLINE_QUESTION_SETS,
  sectionSizeAt,
} from '../../domain/generator/offline-outline.js';
import {
  generatedContentSchema,
  GENERATOR_MESSAGES,
  questionSetsSchema,
  type Answers,
  type GeneratedContent,
  type GenerationKind,
  type QuestionSet,
} from '../../domain/generator/rules.js';

/** What a failed model call was, for the job's failure event and the user's message. */
export type ModelFailure = 'model_timeout' | 'model_unusable' | 'model_unreachable';

export class ModelError extends Error {
  constructor(
    readonly reason: ModelFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

export interface GenerationBrief {
  kind: GenerationKind;
  brief: string;
  audience: string | null;
  numSlides: number | null;
  answers: Answers;
  promptOverride: string | null;
  hints: Record<string, unknown> | null;
}

/** A help passage the chatbot may answer from. */
export interface HelpPassageRef {
  id: string;
  title: string;
  text: string;
}

/** The AI port: follow-up questions, the content of a template, and grounded chat answers. */
export interface TemplateWriter {
  /** 'model' when an OpenAI-compatible model writes; 'offline' for the deterministic outline. */
  readonly mode: 'model' | 'offline';
  /** The model's name, for 'Powered by GPT' and the success event; null offline. */
  readonly model: string | null;
  questions(brief: GenerationBrief, signal?: AbortSignal): Promise<QuestionSet[]>;
  content(brief: GenerationBrief, signal?: AbortSignal): Promise<GeneratedContent>;
  /** An answer from the given passages only; `sourceIds` names those it used, `known` false when they do not answer. */
  answerFromHelp(
    question: string,
    passages: readonly HelpPassageRef[],
    signal?: AbortSignal,
  ): Promise<{ answer: string; sourceIds: string[]; known: boolean }>;
}

export function createOfflineWriter(): TemplateWriter {
  return {
    mode: 'offline',
    model: null,
    async questions() {
      return structuredClone([...OFFLINE_QUESTION_SETS]);
    },
    async content(brief) {
      return offlineContent({ ...brief, hints: brief.hints });
    },
    async answerFromHelp() {
      throw new Error('The offline writer does not answer chats: retrieval alone does (src/commands/support/help-desk.ts).');
    },
  };
}

export interface OpenAiWriterOptions {
  apiKey: string;
  /** An OpenAI-compatible server (OPENAI_BASE_URL); the SDK's default otherwise. */
  baseUrl?: string;
  model: string;
  /** Per model call; a slower answer fails the job with the spec's message instead of hanging. */
  timeoutMs: number;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_TIMEOUT_MS = 60_000;

const SYSTEM_PROMPT = [
  'You write ready-to-use templates for Tessera, a marketplace of templates.',
  'Answer only with JSON matching the schema you are given. Write placeholders such as [Name] instead of inventing personal data.',
].join(' ');

const DEFAULT_PROMPT_TEMPLATE = {
  slides:
    'Write a slide deck of {numSlides} slides. Purpose: {brief}. Audience: {audience}. The first section is the title slide; each section is one slide with short bullets.',
  docs: 'Write a document. Purpose: {brief}. Audience: {audience}. Use the answers to the follow-up questions: {answers}. Each section has a heading, paragraphs and optional bullets.',
} as const;

/** The prompt template and hints the model gets unless an admin overrides them (GET /ai/templates/slides/defaults). */
export const GENERATOR_DEFAULTS = {
  defaultPromptTemplate: DEFAULT_PROMPT_TEMPLATE.slides,
  defaultHints: { tone: 'clear and practical', bulletsPerSlide: 3, avoid: ['personal data', 'invented statistics'] },
} as const;

function fillPrompt(template: string, brief: GenerationBrief): string {
  const values: Record<string, string> = {
    brief: brief.brief || '(none)',
    audience: brief.audience ?? 'a general audience',
    numSlides: String(brief.numSlides ?? 8),
    answers: JSON.stringify(brief.answers),
  };
  return template.replace(/\{(\w+)\}/gu, (whole, name: string) => values[name] ?? whole);
}

/**
 * The answers every document must honour, said plainly after the prompt: a model reads a sentence
 * more surely than a JSON blob, and an admin's prompt override may leave out {answers}.
 */
function requirementsOf(brief: GenerationBrief): string[] {
  if (brief.kind !== 'docs') return [];
  const { mustMention, detail } = answerRequirements(brief.answers);
  const size = sectionSizeAt(detail);
  return [
    `Detail level: ${detail} of ${DETAIL_LEVELS.max} (${DETAIL_LEVELS.min} = headlines only, ${DETAIL_LEVELS.max} = full paragraphs): about ${size.paragraphs} paragraph${size.paragraphs === 1 ? '' : 's'} and ${size.bullets} bullet${size.bullets === 1 ? '' : 's'} per section.`,
    ...(mustMention ? [`The document must mention: ${mustMention}`] : []),
  ];
}

/** Chat completions with a JSON schema answer, validated with zod: anything else is the model's failure, never ours. */
export function createOpenAiWriter(options: OpenAiWriterOptions): TemplateWriter {
  // The SDK loads with the first request: a server that is never asked to write does not hold it.
  let sdk: Promise<{ SDK: typeof OpenAI; client: OpenAI }> | undefined;
  const loadSdk = () =>
    (sdk ??= import('openai').then(({ default: SDK }) => ({
      SDK,
      // One retry of our own is enough: a slow model must fail the job in bounded time.
      client: new SDK({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: options.timeoutMs, maxRetries: 0 }),
    })));

  async function structured<T>(
    name: string,
    schema: z.ZodType<T>,
    messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[],
    signal?: AbortSignal,
  ): Promise<T> {
    const { SDK, client } = await loadSdk();
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: [{ role: 'system', content: SYSTEM_PROMPT }, ...messages],
          response_format: {
            type: 'json_schema',
            json_schema: { name, schema: z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>, strict: false },
          },
        },
        { signal },
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof SDK.APIConnectionTimeoutError) throw new ModelError('model_timeout', GENERATOR_MESSAGES.modelTimedOut);
      if (error instanceof SDK.APIError && error.status !== undefined)
        throw new ModelError('model_unusable', GENERATOR_MESSAGES.modelUnusable);
      throw new ModelError('model_unreachable', GENERATOR_MESSAGES.modelUnreachable);
    }
    const text = completion.choices?.[0]?.message?.content;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text ?? '');
    } catch {
      throw new ModelError('model_unusable', GENERATOR_MESSAGES.modelUnusable);
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw new ModelError('model_unusable', GENERATOR_MESSAGES.modelUnusable);
    return result.data;
  }

  return {
    mode: 'model',
    model: options.model,
    async questions(brief, signal) {
      const answer = await structured(
        'follow_up_questions',
        questionSetsSchema,
        [
          {
            role: 'user',
            content: `Write one to three sets of follow-up questions that help write this document. Question types: radio, checkbox, dropdown (with options), slider (min, max, step), text (placeholder). Purpose: ${brief.brief}. Audience: ${brief.audience ?? 'not given'}.`,
          },
        ],
        signal,
      );
      return answer.sets;
    },
    async content(brief, signal) {
      const template = brief.promptOverride?.trim() ? brief.promptOverride : DEFAULT_PROMPT_TEMPLATE[brief.kind];
      const hints = brief.hints ?? GENERATOR_DEFAULTS.defaultHints;
      return structured(
        brief.kind === 'slides' ? 'slide_deck' : 'document',
        generatedContentSchema,
        [{ role: 'user', content: [fillPrompt(template, brief), ...requirementsOf(brief), `Hints: ${JSON.stringify(hints)}`].join('\n') }],
        signal,
      );
    },
    async answerFromHelp(question, passages, signal) {
      const helpAnswerSchema = z.object({ answer: z.string().min(1).max(2000), sourceIds: z.array(z.string()).max(5), known: z.boolean() });
      const context = passages.map((passage) => `[${passage.id}] ${passage.title}: ${passage.text}`).join('\n');
      const answer = await structured(
        'help_answer',
        helpAnswerSchema,
        [
          {
            role: 'user',
            content: `Answer the question using only these help passages. Name the ids of the passages you used in sourceIds. If they do not answer it, set known to false.\nPassages:\n${context}\nQuestion: ${question}`,
          },
        ],
        signal,
      );
      const offered = new Set(passages.map((passage) => passage.id));
      return { ...answer, sourceIds: answer.sourceIds.filter((id) => offered.has(id)) };
    },
  };
}
