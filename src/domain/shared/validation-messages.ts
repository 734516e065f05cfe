import type { z } from 'zod';

/*
 * What a rule without a message of its own says when it refuses a value. zod's defaults are written
 * for developers ('Too small: expected number to be >=1'); these are for the person who sent the
 * value. The API puts the field's name before them ('limit: must be at least 1').
 */

type Issue = z.core.$ZodRawIssue;

const UNITS: Partial<Record<string, readonly [one: string, more: string]>> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

const counted = (count: number | bigint, [one, more]: readonly [string, string]): string =>
  `${count.toString()} ${Number(count) === 1 ? one : more}`;

const EXPECTED: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const FORMATS: Partial<Record<string, string>> = {
  email: 'an e-mail address',
  url: 'a web address',
  uuid: 'an id (UUID)',
  guid: 'an id (UUID)',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM)',
};

const shown = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : String(value));

/** The message for one refusal; every rule's own message comes first (zod asks this map only when there is none). */
export function readableValidationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${shown(issue.values[0])}` : `must be one of: ${issue.values.map(shown).join(', ')}`;
    case 'too_small': {
      const unit = UNITS[issue.origin];
      const minimum = Number(issue.minimum);
      if (unit && minimum === 1 && issue.inclusive !== false) return 'must not be empty';
      const bound = issue.exact ? 'exactly' : issue.inclusive === false ? 'more than' : 'at least';
      return unit ? `must have ${bound} ${counted(issue.minimum, unit)}` : `must be ${bound} ${issue.minimum.toString()}`;
    }
    case 'too_big': {
      const unit = UNITS[issue.origin];
      const below = unit ? 'fewer than' : 'less than';
      const bound = issue.exact ? 'exactly' : issue.inclusive === false ? below : 'at most';
      return unit ? `must have ${bound} ${counted(issue.maximum, unit)}` : `must be ${bound} ${issue.maximum.toString()}`;
    }
    case 'invalid_format':
      if (issue.format === 'starts_with' && 'prefix' in issue) return `must start with '${String(issue.prefix)}'`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `must end with '${String(issue.suffix)}'`;
      return FORMATS[issue.format] ? `must be ${FORMATS[issue.format]}` : 'is not in the expected format';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor.toString()}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length > 1 ? 'fields' : 'a field'} this request does not take: ${issue.keys.join(', ')}`;
    case 'invalid_element':
      return `has an item that is not valid`;
    case 'invalid_key':
      return `has a key that is not valid`;
    default:
      return 'is not valid';
  }
}
