import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/openai-server.js';
import { START_OF_LOG } from '../../src/adapters/eventstore/port.js';
import type { UserLevel } from '../../src/domain/accounts/events.js';
import { DEFAULT_GUEST_GENERATIONS_PER_HOUR, GENERATOR, GENERATOR_MESSAGES, type QuestionSet } from '../../src/domain/generator/rules.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { GENERATOR_GUEST_COOKIE } from '../../src/api/routes/generator/index.js';

type JobAnswer = {
  jobId: string;
  status: string;
  error: string | null;
  resultUrl: string | null;
  copyUrl: string | null;
  writer: string | null;
  fileName: string | null;
};
/** A wide margin for a job on a loaded 2-core machine (offline jobs take milliseconds). */
const JOB_WAIT_MS = 30_000;

async function signIn(harness: ApiHarness, name: string, lvl: UserLevel): Promise<string> {
  const { accounts } = harness.infrastructure;
  const { userId } = await accounts.register({
    username: `gen_${name}`,
    email: `${name}@generator.example`,
    password: null,
    lvl,
    verification: 'verified',
  });
  const session = await accounts.startSession(userId, 'password', null, { userId, role: 'base' });
  await harness.catchUp(session.position);
  return session.token;
}

/** Polls the job route as the web app does, until the job is done or failed. */
async function finishedJob(
  harness: ApiHarness,
  kind: 'slides' | 'docs',
  jobId: string,
  auth: { token?: string; headers?: Record<string, string> },
): Promise<JobAnswer> {
  let answer: JobAnswer | null = null;
  await expect
    .poll(
      async () => {
        const polled = await harness.call<JobAnswer>('GET', `/api/ai/templates/${kind}/job/${jobId}`, auth);
        expect(polled.status).toBe(200);
        answer = polled.body;
        return polled.body.status;
      },
      { timeout: JOB_WAIT_MS, interval: 50 },
    )
    .toMatch(/^(done|failed)$/u);
  return answer!;
}

async function download(harness: ApiHarness, url: string) {
  const response = await harness.app.inject({ method: 'GET', url });
  return { status: response.statusCode, type: String(response.headers['content-type']), bytes: response.rawPayload };
}

/** .pptx and .docx are zip archives: they start with PK\x03\x04 and hold their main part. */
function expectOfficeFile(bytes: Buffer, mainPart: string): void {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from(mainPart))).toBe(true);
}

/** The words of a .docx: the text runs of its main part, one paragraph a line. */
async function docxText(bytes: Buffer): Promise<string> {
  const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:p[ >].*?<\/w:p>/gsu)]
    .map(([paragraph]) => [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/gu)].map((run) => run[1]).join(''))
    .join('\n');
}

describe('AI generator routes, offline (app.inject on embedded PGlite)', () => {
  let harness: ApiHarness;
  const tokens = {} as Record<'admin' | 'member' | 'other', string>;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 71 });
    tokens.admin = await signIn(harness, 'admin', 'admin');
    tokens.member = await signIn(harness, 'member', 'base');
    tokens.other = await signIn(harness, 'other', 'base');
  });
  afterAll(async () => {
    await harness?.close();
  });

  const generate = (body: unknown, auth: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    harness.call<{ jobId: string; message: string }>('POST', '/api/ai/templates', { body, remoteAddress: '10.1.0.1', ...auth });

  it('says it is offline, and lists the styles with the default first', async () => {
    expect((await harness.call('GET', '/api/ai/status')).body).toEqual({ mode: 'offline', versionLabel: '0.9.8' });
    const styles = await harness.call<{ id: string }[]>('GET', '/api/ai/templates/list');
    expect(styles.body[0]!.id).toBe('tessera-default');
    expect(styles.body.length).toBeGreaterThan(GENERATOR.railScrollsAbove);
  });

  it('generates a slide deck end to end: a job with its events, a real .pptx, and a copy of it', async () => {
    const started = await generate(
      { brief: 'Plan the Q3 product launch', audience: 'marketing leads', app: 'google-slides', numSlides: 5, templateId: 'midnight' },
      { token: tokens.member },
    );
    expect(started.status).toBe(202);
    const job = await finishedJob(harness, 'slides', started.body.jobId, { token: tokens.member });
    expect(job).toMatchObject({ status: 'done', error: null, writer: 'offline', fileName: 'Plan-the-Q3-product-launch.pptx' });
    expect(job.copyUrl).toMatch(/^\/generate\/copy\/[0-9a-f-]{36}$/u);

    const file = await download(harness, job.resultUrl!);
    expect(file.status).toBe(200);
    expect(file.type).toContain('presentationml');
    expectOfficeFile(file.bytes, 'ppt/slides/slide5.xml');

    const fileId = job.copyUrl!.split('/').pop()!;
    const copy = await harness.call<{ resultUrl: string; fileName: string }>('POST', `/api/ai/templates/files/${fileId}/copy`, {
      token: tokens.other,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.fileName).toBe('Copy-of-Plan-the-Q3-product-launch.pptx');
    expect(copy.body.resultUrl).not.toBe(job.resultUrl);
    expectOfficeFile((await download(harness, copy.body.resultUrl)).bytes, 'ppt/slides/slide5.xml');

    const events = (await harness.infrastructure.store.readStream(`generation-${started.body.jobId}`)).map((event) => event.type);
    expect(events).toEqual([
      'GenerationRequested',
      'GenerationStarted',
      'GenerationProgressed',
      'GenerationSucceeded',
      'GeneratedFileCopied',
    ]);
  });

  it('asks follow-up question sets of every type for a document, then builds a .docx from the answers', async () => {
    const questions = await harness.call<{ questions: QuestionSet[] }>('POST', '/api/ai/templates/questions', {
      body: { brief: 'A proposal for a community garden', app: 'google-docs' },
    });
    expect(questions.status).toBe(200);
    const types = new Set(questions.body.questions.flatMap((set) => set.questions.map((question) => question.type)));
    expect([...types].sort()).toEqual(['checkbox', 'dropdown', 'radio', 'slider', 'text']);

    const documentText = async (detail: number) => {
      const started = await generate(
        {
          brief: 'A proposal for a community garden',
          app: 'google-docs',
          format: 'html',
          answers: { sections: ['Goals', 'Budget'], tone: 'Formal', detail, mustMention: 'the spring opening on 4 April' },
        },
        { token: tokens.member },
      );
      const job = await finishedJob(harness, 'docs', started.body.jobId, { token: tokens.member });
      expect(job.status).toBe('done');
      const file = await download(harness, job.resultUrl!);
      expect(file.type).toContain('wordprocessingml');
      expectOfficeFile(file.bytes, 'word/document.xml');
      return docxText(file.bytes);
    };
    const headlines = await documentText(1);
    const detailed = await documentText(5);
    for (const text of [headlines, detailed]) expect(text).toContain('the spring opening on 4 April');
    expect(detailed.length).toBeGreaterThan(headlines.length * 1.5);
    expect(detailed).toContain('Who approves the spending');
    expect(headlines).not.toContain('Who approves the spending');
  });

  it('keeps guests’ jobs to the browser that asked (its generator cookie)', async () => {
    const started = await generate({ brief: 'A weekly team update', app: 'google-docs' });
    expect(started.status).toBe(202);
    const setCookie = String(started.headers['set-cookie']);
    const guestCookie = new RegExp(`${GENERATOR_GUEST_COOKIE}=([^;]+)`, 'u').exec(setCookie)?.[1];
    expect(guestCookie).toBeDefined();
    expect(setCookie).toContain('HttpOnly');
    const job = await finishedJob(harness, 'docs', started.body.jobId, { headers: { cookie: `${GENERATOR_GUEST_COOKIE}=${guestCookie}` } });
    expect(job.status).toBe('done');
    const stranger = await harness.call('GET', `/api/ai/templates/docs/job/${started.body.jobId}`);
    expect({ status: stranger.status, message: stranger.body.message }).toEqual({ status: 403, message: GENERATOR_MESSAGES.notYourJob });
  });

  it('answers someone else’s job with 403, an unknown job with 404, and a job polled on the wrong route with 404', async () => {
    const started = await generate({ brief: 'Quarterly review', app: 'google-slides', numSlides: 3 }, { token: tokens.member });
    const theirs = await harness.call('GET', `/api/ai/templates/slides/job/${started.body.jobId}`, { token: tokens.other });
    expect({ status: theirs.status, message: theirs.body.message }).toEqual({ status: 403, message: GENERATOR_MESSAGES.notYourJob });
    const unknown = await harness.call('GET', '/api/ai/templates/slides/job/00000000-0000-4000-8000-000000000000', {
      token: tokens.member,
    });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: GENERATOR_MESSAGES.unknownJob });
    const notAnId = await harness.call('GET', '/api/ai/templates/slides/job/not-a-job', { token: tokens.member });
    expect(notAnId.status).toBe(404);
    const wrongKind = await harness.call('GET', `/api/ai/templates/docs/job/${started.body.jobId}`, { token: tokens.member });
    expect(wrongKind.status).toBe(404);
    const missingFile = await harness.call('GET', '/api/ai/templates/files/00000000-0000-4000-8000-000000000000/x.pptx');
    expect(missingFile.status).toBe(404);
  });

  it('refuses bad briefs with the spec messages: 301 characters, hints as an array or broken JSON, overrides from non-admins, private data', async () => {
    const cases: [unknown, string | undefined, number, string][] = [
      [{ brief: 'a'.repeat(301), app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.purposeTooLong],
      [{ brief: 'x', audience: 'a'.repeat(201), app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.audienceTooLong],
      [{ brief: 'x', numSlides: 0, app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.slidesPositive],
      // Whole, but far too many: the limit is the rule it breaks.
      [{ brief: 'x', numSlides: 1e300, app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.slidesTooMany],
      [{ brief: 'x', numSlides: 2.5, app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.slidesWholeNumber],
      [{ brief: 'x', numSlides: 'abc', app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.slidesWholeNumber],
      [{ brief: 'x', templateId: 'custom', app: 'google-slides' }, tokens.member, 400, GENERATOR_MESSAGES.customStyleNeedsId],
      [
        { brief: 'x', templateId: 'no-such-style', app: 'google-slides' },
        tokens.member,
        400,
        GENERATOR_MESSAGES.unknownStyle('no-such-style'),
      ],
      [{ brief: 'x', app: 'google-docs', overrideHints: '[1, 2]' }, tokens.admin, 400, 'Hints must be a JSON object.'],
      [{ brief: 'x', app: 'google-docs', overrideHints: ['tone'] }, tokens.admin, 400, 'Hints must be a JSON object.'],
      [{ brief: 'x', app: 'google-docs', overrideHints: '{"tone": ' }, tokens.admin, 400, 'Invalid JSON.'],
      // Used to overflow the stack where the job's event was stored: 500.
      [
        { brief: 'x', app: 'google-docs', overrideHints: `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}` },
        tokens.admin,
        400,
        GENERATOR_MESSAGES.hintsTooDeep,
      ],
      [
        { brief: 'x', app: 'google-docs', overridePromptTemplate: 'Write a poem' },
        tokens.member,
        403,
        GENERATOR_MESSAGES.overridesAdminOnly,
      ],
      [{ brief: 'Send it to ada@example.com', app: 'google-docs' }, tokens.member, 400, GENERATOR_MESSAGES.privateData('e-mail address')],
    ];
    for (const [body, token, status, message] of cases) {
      const answer = await generate(body, { token });
      expect({ status: answer.status, message: answer.body.message }, JSON.stringify(body).slice(0, 80)).toEqual({
        status,
        message: expect.stringContaining(message),
      });
    }
  });

  it('lets an admin generate with only an override, and keeps the override with the job', async () => {
    const started = await generate(
      { brief: '', app: 'google-docs', overrideHints: '{"topic": "Onboarding checklist"}' },
      { token: tokens.admin },
    );
    expect(started.status).toBe(202);
    const job = await finishedJob(harness, 'docs', started.body.jobId, { token: tokens.admin });
    expect(job).toMatchObject({ status: 'done', fileName: 'Onboarding-checklist.docx' });
  });

  it('stores prompts and outputs without the user’s personal data', async () => {
    const events = await harness.infrastructure.store.readAll({ after: START_OF_LOG, maxCount: 10_000 });
    const generationEvents = events.filter((event) => event.streamId.startsWith('generation-'));
    expect(generationEvents.length).toBeGreaterThan(5);
    const text = JSON.stringify(generationEvents.map((event) => event.data));
    for (const personal of ['@generator.example', 'gen_member', 'gen_other', '10.1.0.1']) expect(text).not.toContain(personal);
  });

  it('limits generations per address, members alike', async () => {
    const limit = RATE_LIMITS.generationsPerAddress.max;
    // Two members behind one address (guests together have a smaller budget of their own).
    const members = [await signIn(harness, 'office1', 'base'), await signIn(harness, 'office2', 'base')];
    const answers: number[] = [];
    for (let index = 0; index <= limit; index += 1)
      answers.push(
        (
          await generate(
            { brief: `Deck ${index}`, app: 'google-slides', numSlides: 1 },
            { remoteAddress: '10.77.0.1', token: members[index % members.length]! },
          )
        ).status,
      );
    expect(answers.slice(0, limit).every((status) => status === 202)).toBe(true);
    expect(answers[limit]).toBe(429);
    await harness.infrastructure.generation.idle();
  }, 120_000);
});

describe('AI generations by guests from many addresses', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 73 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('accepts at most GUEST_GENERATIONS_PER_HOUR from all guests together, with a clear message; members still generate', async () => {
    const body = { brief: 'A weekly team update', app: 'google-docs' };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => harness.call('POST', '/api/ai/templates', { body, remoteAddress: `10.78.${index}.1` })),
    );
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 429);
    console.info(`[guest generations] 60 guests from 60 addresses: ${accepted.length} accepted, ${refused.length} refused`);
    expect(accepted).toHaveLength(DEFAULT_GUEST_GENERATIONS_PER_HOUR);
    expect(refused).toHaveLength(60 - DEFAULT_GUEST_GENERATIONS_PER_HOUR);
    expect(refused.every((answer) => answer.body.message === GENERATOR_MESSAGES.guestGenerationsSpent)).toBe(true);

    const member = await signIn(harness, 'after_guests', 'base');
    expect((await harness.call('POST', '/api/ai/templates', { body, token: member, remoteAddress: '10.78.200.1' })).status).toBe(202);
    await harness.infrastructure.generation.idle();
  }, 120_000);
});

describe('AI generator and chatbot against a local server speaking the OpenAI API', () => {
  let harness: ApiHarness;
  let model: FakeOpenAi;
  let token: string;

  beforeAll(async () => {
    model = await startFakeOpenAi('good');
    harness = await startApiHarness(
      { users: 1, templates: 1, seed: 72 },
      { ai: { openaiApiKey: model.apiKey, openaiBaseUrl: model.baseUrl, openaiTimeoutMs: 1500 } },
    );
    token = await signIn(harness, 'modeluser', 'base');
  });
  afterAll(async () => {
    await harness?.close();
    await model?.close();
  });

  const generate = (body: unknown) =>
    harness.call<{ jobId: string }>('POST', '/api/ai/templates', { body, token, remoteAddress: '10.2.0.1' });

  it('has the model write the questions and the deck through the openai SDK (structured output validated)', async () => {
    expect((await harness.call('GET', '/api/ai/status')).body).toMatchObject({ mode: 'model' });
    model.behaviour = 'good';
    const questions = await harness.call<{ questions: QuestionSet[] }>('POST', '/api/ai/templates/questions', {
      body: { brief: 'A hiring plan', app: 'google-docs' },
    });
    expect(questions.body.questions[0]!.title).toBe('About your document (model)');

    const started = await generate({ brief: 'Plan the Q3 launch', audience: 'sales', app: 'google-slides', numSlides: 4 });
    const job = await finishedJob(harness, 'slides', started.body.jobId, { token });
    expect(job).toMatchObject({ status: 'done', writer: 'model', fileName: 'Model-written-deck.pptx' });
    expectOfficeFile((await download(harness, job.resultUrl!)).bytes, 'ppt/slides/slide4.xml');
    const request = model.requests.at(-1)!;
    expect(request.response_format?.json_schema?.name).toBe('slide_deck');
    expect(request.messages.at(-1)!.content).toContain('Plan the Q3 launch');

    const doc = await generate({
      brief: 'A hiring plan',
      app: 'google-docs',
      answers: { audienceLevel: 'The team', detail: 5, mustMention: 'the referral bonus' },
    });
    expect(await finishedJob(harness, 'docs', doc.body.jobId, { token })).toMatchObject({
      status: 'done',
      writer: 'model',
      fileName: 'Model-written-document.docx',
    });
    // The model is told, in words, what the answers ask for.
    const prompt = model.requests.at(-1)!.messages.at(-1)!.content;
    expect(prompt).toContain('The document must mention: the referral bonus');
    expect(prompt).toContain('Detail level: 5 of 5');
  });

  it('fails the job with a clear message when the model answers garbage (not JSON, or the wrong shape)', async () => {
    for (const behaviour of ['garbage-text', 'garbage-shape'] as const) {
      model.behaviour = behaviour;
      const started = await generate({ brief: 'A budget review', app: 'google-slides', numSlides: 3 });
      expect(await finishedJob(harness, 'slides', started.body.jobId, { token })).toMatchObject({
        status: 'failed',
        error: GENERATOR_MESSAGES.modelUnusable,
        resultUrl: null,
      });
    }
    const questions = await harness.call('POST', '/api/ai/templates/questions', { body: { brief: 'A hiring plan', app: 'google-docs' } });
    expect({ status: questions.status, message: questions.body.message }).toEqual({
      status: 502,
      message: GENERATOR_MESSAGES.questionsFailed,
    });
  });

  it('fails the job when the model never answers (the SDK times out), leaving nothing running', async () => {
    model.behaviour = 'hang';
    const started = await generate({ brief: 'A roadmap', app: 'google-docs' });
    expect(await finishedJob(harness, 'docs', started.body.jobId, { token })).toMatchObject({
      status: 'failed',
      error: GENERATOR_MESSAGES.modelTimedOut,
    });
    await harness.infrastructure.generation.idle();
    const events = (await harness.infrastructure.store.readStream(`generation-${started.body.jobId}`)).map((event) => event.type);
    expect(events).toEqual(['GenerationRequested', 'GenerationStarted', 'GenerationFailed']);
  });

  it('answers a help question from the model, citing a help page; a failing model falls back to the help pages', async () => {
    model.behaviour = 'good';
    const chat = await harness.call<{ reply: string; sources: { path: string }[] }>('POST', '/api/chatbot/chat', {
      body: { message: 'Who handles refunds?' },
      token,
    });
    expect(chat.status).toBe(200);
    expect(chat.body.reply).toMatch(/^The model says, from /u);
    expect(chat.body.sources.length).toBe(1);
    expect(model.requests.at(-1)!.messages.at(-1)!.content).toContain('Who handles refunds?');

    model.behaviour = 'garbage-text';
    const fallback = await harness.call<{ reply: string; sources: { path: string }[] }>('POST', '/api/chatbot/chat', {
      body: { message: 'Who handles refunds?' },
      token,
    });
    expect(fallback.body.reply).toContain('refund');
    expect(fallback.body.sources[0]!.path).toMatch(/^\/(sellers|terms-of-service)$/u);
  });
});
