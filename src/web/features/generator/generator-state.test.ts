import { describe, expect, it } from 'vitest';

import { CUSTOM_STYLE_ID, DEFAULT_STYLE_ID, GENERATOR, GENERATOR_MESSAGES, type QuestionSet } from '@domain/generator/rules.js';
import {
  briefOf,
  generatorReducer,
  INITIAL_GENERATOR_STATE,
  overridesOf,
  templateIdOf,
  type GeneratorAction,
  type GeneratorState,
} from './generator-state.js';
import type { JobView } from './job-polling.js';

const run = (...actions: GeneratorAction[]): GeneratorState => actions.reduce(generatorReducer, INITIAL_GENERATOR_STATE);
const aSet = { id: 'tone', title: 'Tone', questions: [] } as unknown as QuestionSet;
const job = {
  status: 'done',
  fileName: 'deck.pptx',
  resultUrl: '/files/deck.pptx',
  copyUrl: '/generate/copy/f1',
  writer: 'model',
} as unknown as JobView;

describe('the generator page state', () => {
  it('starts on an empty brief for Google Slides with the default style and slide count, the mode still loading', () => {
    expect(INITIAL_GENERATOR_STATE.step).toBe('brief');
    expect(INITIAL_GENERATOR_STATE.mode).toBe('loading');
    expect(INITIAL_GENERATOR_STATE.fields).toMatchObject({
      app: 'google-slides',
      purpose: '',
      styleId: DEFAULT_STYLE_ID,
      numSlides: String(GENERATOR.defaultSlides),
    });
  });

  it('asks a document its questions, clearing an earlier error, and shows them with no answers yet', () => {
    const asking = run(
      { type: 'edited', change: { app: 'google-docs' } },
      { type: 'refused', problem: 'Purpose is required' },
      { type: 'questionsRequested' },
    );
    expect(asking).toMatchObject({ error: null, loadingQuestions: true, step: 'brief' });

    const asked = generatorReducer(generatorReducer(asking, { type: 'questionsArrived', sets: [aSet] }), {
      type: 'answered',
      id: 'tone',
      value: 'warm',
    });
    expect(asked).toMatchObject({ step: 'questions', sets: [aSet], answers: { tone: 'warm' }, loadingQuestions: false });
  });

  it('stays on the brief when there are no questions, and says so when they could not be fetched', () => {
    expect(run({ type: 'questionsRequested' }, { type: 'questionsArrived', sets: [] })).toMatchObject({
      step: 'brief',
      loadingQuestions: false,
    });
    expect(run({ type: 'questionsRequested' }, { type: 'questionsFailed' })).toMatchObject({
      step: 'brief',
      error: GENERATOR_MESSAGES.questionsFailed,
      loadingQuestions: false,
    });
  });

  it('goes from generating to the result, or back to the brief with the reason', () => {
    expect(run({ type: 'refused', problem: 'x' }, { type: 'generationStarted' })).toMatchObject({ step: 'generating', error: null });
    expect(run({ type: 'generationStarted' }, { type: 'generationDone', job })).toMatchObject({ step: 'result', result: job });
    expect(run({ type: 'generationStarted' }, { type: 'generationFailed', message: 'It failed' })).toMatchObject({
      step: 'brief',
      error: 'It failed',
    });
  });

  it('restarts from an empty brief once confirmed, keeping what the server told the page', () => {
    const styles = [{ id: DEFAULT_STYLE_ID, name: 'Default', thumbUrl: '/d.png' }];
    const used = run(
      { type: 'modeLoaded', mode: 'offline' },
      { type: 'stylesLoaded', styles },
      { type: 'edited', change: { purpose: 'A deck', promptOverride: 'Be brief' } },
      { type: 'generationStarted' },
      { type: 'generationDone', job },
      { type: 'restartAsked' },
    );
    expect(used.confirmingRestart).toBe(true);
    expect(generatorReducer(used, { type: 'restartCancelled' })).toEqual({ ...used, confirmingRestart: false });
    expect(generatorReducer(used, { type: 'restarted' })).toEqual({ ...INITIAL_GENERATOR_STATE, mode: 'offline', styles });
  });
});

describe('what the page sends', () => {
  const fields = { ...INITIAL_GENERATOR_STATE.fields, purpose: '  A launch deck ', audience: ' sales ', numSlides: '8' };

  it('sends slides their trimmed audience and count, documents only the purpose', () => {
    expect(briefOf(fields)).toEqual({ brief: 'A launch deck', app: 'google-slides', audience: 'sales', numSlides: 8 });
    expect(briefOf({ ...fields, app: 'google-docs' })).toEqual({ brief: 'A launch deck', app: 'google-docs' });
  });

  it('names the chosen style, the typed custom id (or the word custom), and none for documents', () => {
    expect(templateIdOf(fields)).toBe(DEFAULT_STYLE_ID);
    expect(templateIdOf({ ...fields, styleId: CUSTOM_STYLE_ID, customId: ' midnight ' })).toBe('midnight');
    expect(templateIdOf({ ...fields, styleId: CUSTOM_STYLE_ID, customId: ' ' })).toBe(CUSTOM_STYLE_ID);
    expect(templateIdOf({ ...fields, app: 'google-docs' })).toBeNull();
  });

  it('sends the overrides an admin typed, and none for anyone else', () => {
    const typed = { ...fields, promptOverride: 'Be brief', hintsOverride: ' ' };
    expect(overridesOf(typed, true)).toEqual({ overridePromptTemplate: 'Be brief' });
    expect(overridesOf(typed, false)).toEqual({});
  });
});
