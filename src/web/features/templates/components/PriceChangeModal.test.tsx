// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { CARD_MINIMUM_CHARGE, formatMoney } from '@domain/commerce/money.js';
import { PriceChangeModal } from './PriceChangeModal.js';

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

const HINT = COMMERCE_MESSAGES.belowCardMinimumHint(formatMoney(CARD_MINIMUM_CHARGE));

/** Types into the price box as a person does: React reads the value from the input event. */
function typePrice(text: string) {
  const input = container.querySelector<HTMLInputElement>('input')!;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the price change request', () => {
  it('tells the seller that a new price below the card minimum can be paid with PayPal only, as the create form does', () => {
    act(() => root.render(<PriceChangeModal open resourceId="t1" resourceTitle="Budget" onClose={() => {}} />));
    typePrice('0.49');
    expect(container.textContent).toContain(HINT);
    typePrice('0.50');
    expect(container.textContent).not.toContain(HINT);
    typePrice('');
    expect(container.textContent).not.toContain(HINT);
  });
});
