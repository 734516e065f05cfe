import { describe, expect, it } from 'vitest';
import { z } from './zod.js';

const refusal = (schema: z.ZodType, value: unknown): string => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  return parsed.error.issues[0]!.message;
};

describe('readable validation messages', () => {
  it.each([
    ['a number below its minimum', z.coerce.number().int().min(1).max(100), '0', 'must be at least 1'],
    ['a number above its maximum', z.coerce.number().int().min(1).max(100), '101', 'must be at most 100'],
    ['a number not a number', z.coerce.number(), 'abc', 'must be a number'],
    ['a fraction where a whole number goes', z.number().int(), 1.5, 'must be a whole number'],
    ['an exclusive bound', z.number().positive(), 0, 'must be more than 0'],
    ['a missing field', z.object({ returnTo: z.string() }), {}, 'is required'],
    ['text of the wrong type', z.string(), 5, 'must be text'],
    ['an empty text', z.string().min(1), '', 'must not be empty'],
    ['a text too long', z.string().max(3), 'abcd', 'must have at most 3 characters'],
    ['a list too short', z.array(z.string()).min(2), ['a'], 'must have at least 2 items'],
    ['a list too long', z.array(z.string()).max(1), ['a', 'b'], 'must have at most 1 item'],
    ['an unknown option', z.enum(['question', 'feedback']), 'spam', "must be one of: 'question', 'feedback'"],
    ['a literal', z.literal(true), false, 'must be true'],
    ['an e-mail address', z.email(), 'nope', 'must be an e-mail address'],
    ['an id', z.uuid(), 'nope', 'must be an id (UUID)'],
    ['a pattern', z.string().regex(/^[a-z]+$/u), 'A1', 'is not in the expected format'],
    ['a field the object does not take', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'has a field this request does not take: b'],
  ])('%s', (_case, schema, value, message) => {
    expect(refusal(schema, value)).toBe(message);
  });

  it('leaves a rule its own message', () => {
    expect(refusal(z.string().min(1, 'Please give your post a title.'), '')).toBe('Please give your post a title.');
    expect(refusal(z.string({ error: 'The title must be text.' }), 5)).toBe('The title must be text.');
  });
});
