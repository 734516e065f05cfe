// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GENERATOR, GENERATOR_MESSAGES } from '@domain/generator/rules.js';
import { setApiTransport } from '@/lib/api-client.js';
import { generateLoader, GeneratePage } from './generate.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Sent = { method: string; path: string; body?: Record<string, unknown> };

/** The generator's API as the page meets it: a job that starts and stays 'generating'. */
function fakeServer() {
  const sent: Sent[] = [];
  setApiTransport(async (url, init) => {
    const path = url.replace(/^\/api/u, '');
    const method = init.method ?? 'GET';
    sent.push({ method, path, ...(init.body ? { body: JSON.parse(String(init.body)) as Record<string, unknown> } : {}) });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === '/ai/status') return json({ mode: 'offline', versionLabel: GENERATOR.versionLabel });
    if (path === '/ai/templates/list') return json([]);
    if (path === '/ai/templates' && method === 'POST') return json({ jobId: 'job-1' });
    if (path.startsWith('/ai/templates/slides/job/'))
      return json({ jobId: 'job-1', status: 'generating', error: null, resultUrl: null, copyUrl: null, fileName: null, writer: null });
    return new Response(JSON.stringify({ error: true, message: 'Not found' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  setApiTransport((url, init) => fetch(url, init));
});

/** Lets requests answer and React render what they bring. */
async function settle(ms = 0) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
}

/** Types into a field the way React hears it: through the native setter, then an input event. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const field = (label: string) => {
  const labelled = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent === label)!;
  return document.getElementById(labelled.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};

async function startSlides(slides: string) {
  const router = createMemoryRouter([{ path: '/generate', loader: generateLoader, Component: GeneratePage }], {
    initialEntries: ['/generate'],
  });
  await act(async () => root.render(<RouterProvider router={router} />));
  await settle();
  act(() => type(field('Purpose'), 'Kick-off deck for our Q3 launch'));
  act(() => type(field('Number of slides'), slides));
  act(() => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await settle();
}

const jobPolls = (sent: Sent[]) => sent.filter((request) => request.path.startsWith('/ai/templates/slides/job/')).length;

describe('/generate', () => {
  it('stops polling the job when the page is left while it generates', async () => {
    const sent = fakeServer();
    await startSlides('5');
    await settle(GENERATOR.pollIntervalMs);
    expect(jobPolls(sent)).toBe(1);
    act(() => root.unmount());
    await settle(GENERATOR.pollIntervalMs * 5);
    expect(jobPolls(sent)).toBe(1);
    root = createRoot(container);
  });

  it.each(['abc', '1e', '2.5', '-3', '1e300', '99999999999999999999'])(
    'refuses %j slides with a message, never generating the default number',
    async (slides) => {
      const sent = fakeServer();
      await startSlides(slides);
      // As the API says for the same number: 1e300 is whole, but too many.
      const expected =
        slides === '-3'
          ? GENERATOR_MESSAGES.slidesPositive
          : ['1e300', '99999999999999999999'].includes(slides)
            ? GENERATOR_MESSAGES.slidesTooMany
            : GENERATOR_MESSAGES.slidesWholeNumber;
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(expected);
      expect(sent.filter((request) => request.path === '/ai/templates')).toEqual([]);
    },
  );

  it('sends the slides typed, and none when the field is left empty (the default)', async () => {
    for (const [slides, numSlides] of [
      [' 12 ', 12],
      ['', null],
    ] as const) {
      const sent = fakeServer();
      await startSlides(slides);
      expect(sent.find((request) => request.path === '/ai/templates')?.body).toMatchObject({ numSlides });
      act(() => root.unmount());
      root = createRoot(container);
    }
  });
});
