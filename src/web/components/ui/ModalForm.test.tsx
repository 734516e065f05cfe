// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SENDING_LABEL, useSubmission } from '@/lib/use-submission.js';
import { ModalForm } from './ModalForm.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  // jsdom has no modal dialogs: showModal opens it as show would.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** A request the test answers when it likes. */
function deferred() {
  let settle!: { resolve: (answer: string) => void; reject: (failure: Error) => void };
  const promise = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

function Form({ send, onSent }: { send: () => Promise<string>; onSent: (answer: string) => void }) {
  const submission = useSubmission((failure) => (failure instanceof Error ? failure.message : null));
  return (
    <ModalForm
      open
      title="Say hello"
      onClose={() => {}}
      onSubmit={() => void submission.submit(send).then((outcome) => outcome?.ok && onSent(outcome.answer))}
      submitLabel="Send"
      pending={submission.pending}
      error={submission.error}
    >
      <p>Hello?</p>
    </ModalForm>
  );
}

const submitButton = () => container.ownerDocument.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const submit = () => act(() => container.ownerDocument.querySelector('form')!.requestSubmit());

describe('a modal form', () => {
  it('labels its dialog with the title and says Sending… while the request is on its way, sending it once', async () => {
    const request = deferred();
    let sent = 0;
    const answers: string[] = [];
    act(() =>
      root.render(
        <Form
          send={() => {
            sent += 1;
            return request.promise;
          }}
          onSent={(answer) => answers.push(answer)}
        />,
      ),
    );
    const dialog = container.querySelector('dialog')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Say hello');
    expect(submitButton().textContent).toBe('Send');

    submit();
    expect(submitButton().textContent).toBe(SENDING_LABEL);
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    submit();
    expect(sent).toBe(1);

    await act(async () => request.resolve('hi'));
    expect(answers).toEqual(['hi']);
    expect(submitButton().textContent).toBe('Send');
  });

  it('says what went wrong in one alert and lets the person send again', async () => {
    const request = deferred();
    act(() => root.render(<Form send={() => request.promise} onSent={() => {}} />));
    submit();
    await act(async () => request.reject(new Error('The server is away.')));

    expect(container.querySelector('[role="alert"]')?.textContent).toBe('The server is away.');
    expect(submitButton().disabled).toBe(false);
    expect(container.querySelector('button.button--ghost')?.textContent).toBe('Cancel');
  });
});
