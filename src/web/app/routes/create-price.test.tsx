// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { UnsavedChangesGuard } from '@/features/accounts/components/UnsavedChangesGuard.js';
import { PriceInput } from '@/features/commerce/components/PriceInput.js';
import { setApiTransport } from '@/lib/api-client.js';

// React warns when act() runs outside a test environment that declares it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no modal dialogs: showModal opens it as show would.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // A creator whose payout account does not take charges yet.
  setApiTransport(
    async () =>
      new Response(JSON.stringify({ status: 'not_connected', details_submitted: false, charges_enabled: false, email: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function settle() {
  for (let round = 0; round < 5; round += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe("the create form's price before the store is active", () => {
  it('opens the unsaved-changes modal on a click, and Leave goes to the Payments tab', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/create',
          element: (
            <>
              <PriceInput id="price" userId="creator" value={0} onChange={() => {}} paymentsPath="/account#payments" />
              <UnsavedChangesGuard dirty />
            </>
          ),
        },
        { path: '/account', element: <p>Account page</p> },
      ],
      { initialEntries: ['/create'] },
    );
    act(() => root.render(<RouterProvider router={router} />));
    await settle();
    const price = container.querySelector<HTMLInputElement>('#price')!;
    expect(price.getAttribute('aria-disabled')).toBe('true');
    act(() => price.click());
    await settle();
    const guard = [...container.querySelectorAll('dialog')].find((dialog) => dialog.open)!;
    expect(guard.textContent).toContain(ACCOUNT_MESSAGES.unsavedChangesTitle);
    act(() => [...guard.querySelectorAll('button')].find((button) => button.textContent === 'Leave')!.click());
    await settle();
    expect(router.state.location).toMatchObject({ pathname: '/account', hash: '#payments' });
    expect(container.textContent).toContain('Account page');
  });
});
