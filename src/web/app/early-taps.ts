/**
 * Taps made on a page the server drew before the app has it. Its buttons do nothing until then (their
 * handlers come with the app, which the boot script fetches only after the first paint: seconds on a
 * slow phone), and a form the app submits would be sent by the browser itself, reloading the page with
 * what was typed in its address. Such taps are held instead and made again once the app has started,
 * each button once however often it was tapped (a tap repeated because nothing happened must not
 * toggle a like twice). Forms with an action of their own (the banners', the cookie bar's) work
 * without the app and are left to the browser, as are links. No imports: part of the boot script.
 */

type HeldTap = { button: HTMLButtonElement } | { form: HTMLFormElement };

/** Holds taps on `page` until `started` resolves, then makes them again in the order they came. */
export function holdEarlyTaps(page: Document, started: Promise<void>): void {
  const held: HeldTap[] = [];
  const root = page.getElementById('root');
  const handledByApp = (form: HTMLFormElement | null) => form === null || !form.hasAttribute('action');

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button === null || !root?.contains(button) || !handledByApp(button.form)) return;
    // Before React's own listeners (on the root): it must not also replay a tap made while it hydrates.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.some((tap) => 'button' in tap && tap.button === button)) held.push({ button });
  };
  // A form with no submit button is submitted by Enter without any click.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root?.contains(form) || !handledByApp(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.some((tap) => 'form' in tap && tap.form === form)) held.push({ form });
  };
  page.defaultView?.addEventListener('click', onClick, true);
  page.defaultView?.addEventListener('submit', onSubmit, true);

  void started.then(() => {
    page.defaultView?.removeEventListener('click', onClick, true);
    page.defaultView?.removeEventListener('submit', onSubmit, true);
    // Hydration keeps the server's elements: a tapped one is still the one on screen, unless the app drew the page anew.
    for (const tap of held) {
      if ('button' in tap) {
        if (tap.button.isConnected && !tap.button.disabled) tap.button.click();
      } else if (tap.form.isConnected) tap.form.requestSubmit();
    }
  });
}

/**
 * Resolves once the app has the page: it then marks the document (markAppStarted in main.tsx sets
 * `data-app-started`, which browser tests wait for too).
 */
export function appStarted(page: Document): Promise<void> {
  const element = page.documentElement;
  const isStarted = () => element.dataset.appStarted === 'true';
  if (isStarted()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!isStarted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(element, { attributes: true, attributeFilter: ['data-app-started'] });
  });
}
