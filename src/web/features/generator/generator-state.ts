import {
  CUSTOM_STYLE_ID,
  DEFAULT_STYLE_ID,
  GENERATOR,
  GENERATOR_MESSAGES,
  kindOfApp,
  numSlidesOfText,
  type Answers,
  type GeneratorApp,
  type QuestionSet,
} from '@domain/generator/rules.js';
import type { BriefInput, StyleOption } from './api.js';
import type { JobView } from './job-polling.js';

export type GeneratorStep = 'brief' | 'questions' | 'generating' | 'result';
export type GeneratorMode = 'model' | 'offline' | 'unknown' | 'loading';
export interface GeneratorDefaults {
  defaultPromptTemplate: string;
  defaultHints: Record<string, unknown>;
}

/** What the person typed and chose on the brief form. */
export interface BriefFields {
  app: GeneratorApp;
  purpose: string;
  audience: string;
  /** As typed: numSlidesOfText reads it. */
  numSlides: string;
  styleId: string;
  /** The template id typed for the Custom style. */
  customId: string;
  /** An admin's own prompt and hints for this generation; empty for the defaults. */
  promptOverride: string;
  hintsOverride: string;
}

/** Everything the /generate page shows: what the server told it, the brief, and where the person is. */
export interface GeneratorState {
  mode: GeneratorMode;
  /** Null until the style list is in. */
  styles: StyleOption[] | null;
  /** The default prompt and hints an admin edits from; null for others or until they are in. */
  defaults: GeneratorDefaults | null;
  fields: BriefFields;
  step: GeneratorStep;
  /** A document's follow-up questions and the answers given so far. */
  sets: QuestionSet[];
  answers: Answers;
  error: string | null;
  /** The follow-up questions are on their way. */
  loadingQuestions: boolean;
  result: JobView | null;
  confirmingRestart: boolean;
}

export type GeneratorAction =
  | { type: 'modeLoaded'; mode: GeneratorMode }
  | { type: 'stylesLoaded'; styles: StyleOption[] }
  | { type: 'defaultsLoaded'; defaults: GeneratorDefaults | null }
  | { type: 'edited'; change: Partial<BriefFields> }
  | { type: 'refused'; problem: string }
  | { type: 'questionsRequested' }
  | { type: 'questionsArrived'; sets: QuestionSet[] }
  | { type: 'questionsFailed' }
  | { type: 'answered'; id: string; value: Answers[string] }
  | { type: 'generationStarted' }
  | { type: 'generationDone'; job: JobView }
  | { type: 'generationFailed'; message: string }
  | { type: 'restartAsked' }
  | { type: 'restartCancelled' }
  | { type: 'restarted' };

const EMPTY_BRIEF: BriefFields = {
  app: 'google-slides',
  purpose: '',
  audience: '',
  numSlides: String(GENERATOR.defaultSlides),
  styleId: DEFAULT_STYLE_ID,
  customId: '',
  promptOverride: '',
  hintsOverride: '',
};

/** Where a person starts: the brief, empty; the mode still to come. */
export const INITIAL_GENERATOR_STATE: GeneratorState = {
  mode: 'loading',
  styles: null,
  defaults: null,
  fields: EMPTY_BRIEF,
  step: 'brief',
  sets: [],
  answers: {},
  error: null,
  loadingQuestions: false,
  result: null,
  confirmingRestart: false,
};

export function generatorReducer(state: GeneratorState, action: GeneratorAction): GeneratorState {
  switch (action.type) {
    case 'modeLoaded':
      return { ...state, mode: action.mode };
    case 'stylesLoaded':
      return { ...state, styles: action.styles };
    case 'defaultsLoaded':
      return { ...state, defaults: action.defaults };
    case 'edited':
      return { ...state, fields: { ...state.fields, ...action.change } };
    case 'refused':
      return { ...state, error: action.problem };
    case 'questionsRequested':
      return { ...state, error: null, loadingQuestions: true };
    case 'questionsArrived':
      // No questions: the brief stays until the generation that follows takes over.
      return { ...state, sets: action.sets, answers: {}, step: action.sets.length > 0 ? 'questions' : 'brief', loadingQuestions: false };
    case 'questionsFailed':
      return { ...state, error: GENERATOR_MESSAGES.questionsFailed, loadingQuestions: false };
    case 'answered':
      return { ...state, answers: { ...state.answers, [action.id]: action.value } };
    case 'generationStarted':
      return { ...state, step: 'generating', error: null };
    case 'generationDone':
      return { ...state, step: 'result', result: action.job };
    case 'generationFailed':
      return { ...state, step: 'brief', error: action.message };
    case 'restartAsked':
      return { ...state, confirmingRestart: true };
    case 'restartCancelled':
      return { ...state, confirmingRestart: false };
    case 'restarted':
      // What the server told the page stays; everything the person did goes.
      return { ...INITIAL_GENERATOR_STATE, mode: state.mode, styles: state.styles, defaults: state.defaults };
  }
}

/** The brief as the API takes it: slides carry their audience and count, documents only the purpose. */
export function briefOf(fields: BriefFields): BriefInput {
  return {
    brief: fields.purpose.trim(),
    app: fields.app,
    ...(kindOfApp(fields.app) === 'slides' ? { audience: fields.audience.trim(), numSlides: numSlidesOfText(fields.numSlides) } : {}),
  };
}

/** The slide template: the chosen style, or the typed id for Custom (the word 'custom' when none is typed); none for documents. */
export function templateIdOf(fields: BriefFields): string | null {
  if (kindOfApp(fields.app) !== 'slides') return null;
  if (fields.styleId !== CUSTOM_STYLE_ID) return fields.styleId;
  return fields.customId.trim() || CUSTOM_STYLE_ID;
}

/** An admin's overrides, each only when typed; nobody else sends any. */
export function overridesOf(fields: BriefFields, admin: boolean): { overridePromptTemplate?: string; overrideHints?: string } {
  return {
    ...(admin && fields.promptOverride.trim() ? { overridePromptTemplate: fields.promptOverride } : {}),
    ...(admin && fields.hintsOverride.trim() ? { overrideHints: fields.hintsOverride } : {}),
  };
}
