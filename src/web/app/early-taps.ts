/**
 * What a visitor does on a page the server drew before the app has it. Its buttons do nothing until
 * then (their handlers come with the app, which the boot script fetches only after the first paint:
 * seconds on a slow phone); a form the app submits would be sent by the browser itself, reloading the
 * page; and the app's state starts with the fields empty, whatever was typed into them. So taps and
 * Enter are held and made again once the app has started, in order and each button once (a tap
 * repeated because nothing happened must not toggle a like twice), after the typed text is given
 * back to the app. Forms with an action of their own (the banners', the cookie bar's) work without
 * the app and are left to the browser, as are links. No imports: part of the boot script.
 */

type HeldTap = { button: HTMLButtonElement } | { form: HTMLFormElement };
type TextField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Inputs whose value is not text a visitor types or picks. */
const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'file', 'hidden', 'image', 'radio', 'reset', 'submit']);

const isTextField = (target: EventTarget | null): target is TextField =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && !NOT_TYPED_INTO.has(target.type));

/**
 * Tells the app the field holds `value`, as typing it would. Hydration leaves the typed text on screen
 * but the app's state empty, and the next render of the field empties it. React reports an input
 * only when the value differs from the last it saw (a tracker on the element's own `value`), so the
 * field is emptied through that, then given the text through its prototype's setter, past the tracker.
 */
function giveBack(field: TextField, value: string): void {
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Holds taps on `page` until `started` resolves, then gives the typed text back and makes them again in the order they came. */
export function holdEarlyTaps(page: Document, started: Promise<void>): void {
  const held: HeldTap[] = [];
  const typed = new Map<TextField, string>();
  const root = page.getElementById('root');
  const view = page.defaultView;
  const handledByApp = (form: HTMLFormElement | null) => form === null || !form.hasAttribute('action');
  const inApp = (target: EventTarget | null): target is Element => target instanceof Element && root !== null && root.contains(target);
  const holdForm = (form: HTMLFormElement) => {
    if (!held.some((tap) => 'form' in tap && tap.form === form)) held.push({ form });
  };
  /** Kept from the browser, and from React's own listeners on the root: it must not also replay what it saw while hydrating. */
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  const listeners = {
    click(event: Event) {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!inApp(button) || !handledByApp(button.form)) return;
      stop(event);
      if (!held.some((tap) => 'button' in tap && tap.button === button)) held.push({ button });
    },
    // Enter in a field submits its form, which a disabled submit button (empty in the app's state) would not let the browser do.
    keydown(event: Event) {
      const { target, key, isComposing } = event as KeyboardEvent;
      // An Enter that ends an input method's composition picks a word, it does not submit.
      if (
        key !== 'Enter' ||
        isComposing ||
        !(target instanceof HTMLInputElement) ||
        !inApp(target) ||
        target.form === null ||
        !handledByApp(target.form)
      )
        return;
      stop(event);
      holdForm(target.form);
    },
    submit(event: Event) {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !inApp(form) || !handledByApp(form)) return;
      stop(event);
      holdForm(form);
    },
    input(event: Event) {
      if (isTextField(event.target) && inApp(event.target)) typed.set(event.target, event.target.value);
    },
  };
  const types = Object.keys(listeners) as (keyof typeof listeners)[];
  for (const type of types) view?.addEventListener(type, listeners[type], true);
  // A picked option reports `change` only.
  view?.addEventListener('change', listeners.input, true);

  void started.then(async () => {
    for (const type of types) view?.removeEventListener(type, listeners[type], true);
    view?.removeEventListener('change', listeners.input, true);
    // Hydration keeps the server's elements: a field or button is still the one on screen, unless the app drew the page anew.
    // A field typed empty again is as the app starts it.
    for (const [field, value] of typed) if (field.isConnected && value !== '') giveBack(field, value);
    // The app draws what the text changes (a submit button enabled) before the taps come.
    await new Promise((resolve) => setTimeout(resolve, 0));
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
