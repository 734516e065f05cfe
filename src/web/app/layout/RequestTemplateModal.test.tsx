// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setApiTransport } from '@/lib/api-client.js';
import { SENDING_LABEL } from '@/lib/use-submission.js';
import { closeModal, getActiveModal, openRequestModal } from '@/lib/client-state.js';
import { GlobalModals } from './GlobalModals.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  // jsdom has no modal dialogs: showModal opens it as show would, close closes it as a browser does.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <MemoryRouter>
        <GlobalModals />
      </MemoryRouter>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  act(() => closeModal());
  setApiTransport((url, init) => fetch(url, init));
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
/** Lets the form's script load (the first time it takes a module import). */
async function untilLoaded() {
  for (let tries = 0; tries < 200 && requestDialog() === undefined; tries += 1) await settle();
}
const requestDialog = () => [...container.querySelectorAll('dialog')].find((dialog) => dialog.textContent?.includes('Request a Template'));
const sendButton = () => requestDialog()!.querySelector<HTMLButtonElement>('button[type="submit"]')!;

function describeNeed(text: string) {
  const box = requestDialog()!.querySelector('textarea')!;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the Request a Template form', () => {
  it('loads when first asked for, and keeps what was typed while closed', async () => {
    expect(requestDialog()).toBeUndefined();
    act(() => openRequestModal());
    await untilLoaded();
    expect(requestDialog()?.open).toBe(true);
    expect(sendButton().disabled).toBe(true);

    describeNeed('A habit tracker for Notion');
    act(() => closeModal());
    expect(requestDialog()).toBeUndefined();
    act(() => openRequestModal());
    expect(requestDialog()!.querySelector('textarea')!.value).toBe('A habit tracker for Notion');
  });

  it('says Sending… while the request is on its way, then closes and empties the form', async () => {
    const sent: unknown[] = [];
    let answer!: (response: Response) => void;
    setApiTransport(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    act(() => openRequestModal());
    await untilLoaded();
    describeNeed('A budget sheet');
    act(() => requestDialog()!.querySelector('form')!.requestSubmit());
    expect(sendButton().textContent).toBe(SENDING_LABEL);

    answer(new Response(JSON.stringify({ message: 'Request sent' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await settle();
    expect(sent).toEqual([{ description: 'A budget sheet' }]);
    expect(getActiveModal()).toBeNull();
    act(() => openRequestModal());
    expect(requestDialog()!.querySelector('textarea')!.value).toBe('');
  });
});
