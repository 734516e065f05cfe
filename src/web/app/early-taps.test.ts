// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import { appStarted, holdEarlyTaps } from './early-taps.js';

/** A page as the server drew it, with what each of its controls did once the app had it. */
function drawPage(): { made: string[]; start: () => void } {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="like">Like</button>
      <button type="button" id="save"><span>Save</span></button>
      <form id="search"><input id="q" name="q" /><select id="sort"><option>new</option><option>top</option></select></form>
      <form id="comment"><textarea name="text"></textarea><button id="post">Post</button></form>
      <form id="dismiss" method="post" action="/api/banners/dismiss"><button id="close">×</button></form>
    </div>
    <button type="button" id="outside">Outside the app</button>`;
  const made: string[] = [];
  let appHasPage = false;
  const record = (event: Event) => {
    const target = event.target as HTMLInputElement;
    if (appHasPage) made.push(`${event.type} ${target.id}${event.type === 'input' || event.type === 'change' ? `=${target.value}` : ''}`);
  };
  // jsdom sends no form: what the browser would send is only kept from going anywhere.
  document.addEventListener('submit', (event) => event.preventDefault());
  // As React's own listeners: on the root, bubbling.
  document.getElementById('root')!.addEventListener('click', record);
  for (const type of ['submit', 'input', 'change']) document.getElementById('root')!.addEventListener(type, record);
  return {
    made,
    start: () => {
      appHasPage = true;
      document.documentElement.dataset.appStarted = 'true';
    },
  };
}

const tap = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Past the taps made again: they wait a task of their own after the app's start, for it to draw the text given back. */
const settle = async () => {
  await nextTask();
  await nextTask();
};

afterEach(() => {
  delete document.documentElement.dataset.appStarted;
});

describe('taps before the app has the page', () => {
  it('are held and made again once it starts, in order, each button once', async () => {
    const { made, start } = drawPage();
    holdEarlyTaps(document, appStarted(document));
    tap('save');
    tap('like');
    (document.querySelector('#save span') as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(made).toEqual([]);

    start();
    await settle();
    expect(made).toEqual(['click save', 'click like']);
  });

  it('keep the browser from sending a form the app submits, and submit it through the app once it starts', async () => {
    const { made, start } = drawPage();
    holdEarlyTaps(document, appStarted(document));
    const notSentByTheBrowser = document
      .getElementById('search')!
      .dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(notSentByTheBrowser).toBe(false);
    // A submit button's tap is held as a tap, which the browser then does not turn into a submission.
    expect(tap('post')).toBe(false);

    start();
    await settle();
    expect(made).toEqual(['submit search', 'click post', 'submit comment']);
  });

  it('give what was typed and picked back to the app before they are made, and hold Enter in a field as a submission of its form', async () => {
    const { made, start } = drawPage();
    holdEarlyTaps(document, appStarted(document));
    const query = document.getElementById('q') as HTMLInputElement;
    query.value = 'crm';
    query.dispatchEvent(new Event('input', { bubbles: true }));
    const sort = document.getElementById('sort') as HTMLSelectElement;
    sort.selectedIndex = 1;
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    query.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    const text = document.querySelector('#comment textarea') as HTMLTextAreaElement;
    text.id = 'text';
    text.value = 'Great template';
    text.dispatchEvent(new Event('input', { bubbles: true }));

    start();
    await settle();
    expect(made).toEqual(['input q=crm', 'change sort=top', 'input text=Great template', 'submit search']);
    expect(query.value).toBe('crm');
  });

  it('leave forms with an action of their own and buttons outside the app to the browser, and stop being held once it starts', async () => {
    const { made, start } = drawPage();
    holdEarlyTaps(document, appStarted(document));
    expect(tap('close')).toBe(true);
    expect(tap('outside')).toBe(true);

    start();
    await settle();
    tap('like');
    expect(made).toEqual(['click like']);
  });
});
