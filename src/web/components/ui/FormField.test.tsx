import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { FormField } from './FormField.js';

const occurrences = (html: string, text: string) => html.split(text).length - 1;

describe('FormField', () => {
  it('shows the hint under a valid field', () => {
    const html = renderToString(<FormField label="Username" value="ada" onValueChange={() => {}} hint={ACCOUNT_MESSAGES.usernameHint} />);
    expect(occurrences(html, ACCOUNT_MESSAGES.usernameHint)).toBe(1);
  });

  it('says a broken rule once when the error is the hint itself (sign-up username "Bad Name")', () => {
    const html = renderToString(
      <FormField
        label="Username"
        value="Bad Name"
        onValueChange={() => {}}
        hint={ACCOUNT_MESSAGES.usernameHint}
        message={{ tone: 'error', content: ACCOUNT_MESSAGES.usernameHint }}
      />,
    );
    expect(occurrences(html, ACCOUNT_MESSAGES.usernameHint)).toBe(1);
    expect(html).toContain('form-field__message--error');
  });

  it('keeps the hint beside a different message', () => {
    const html = renderToString(
      <FormField
        label="Username"
        value="ada"
        onValueChange={() => {}}
        hint={ACCOUNT_MESSAGES.usernameHint}
        message={{ tone: 'success', content: 'ada is available!' }}
      />,
    );
    expect(occurrences(html, ACCOUNT_MESSAGES.usernameHint)).toBe(1);
    expect(html).toContain('ada is available!');
  });

  it('counts an emoji as one character in its counter, and leaves no native maxlength to stop emoji at half the limit', () => {
    const html = renderToString(<FormField label="Title" value={'😀'.repeat(30)} onValueChange={() => {}} maxLength={50} showCounter />);
    // React separates adjacent text with empty comments.
    expect(html.replaceAll('<!-- -->', '')).toContain('30 / 50');
    expect(html.toLowerCase()).not.toContain('maxlength');
  });
});
