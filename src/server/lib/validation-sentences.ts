/**
 * Zod's own issue texts ("Too big: expected string to have <=20000 characters", "Invalid input:
 * expected object, received array") turned into sentences a person can act on. The project's own
 * messages ("must be at most 100 characters") are written as the problem only and are left as they
 * are; only Zod's defaults, recognised by their shape, are rewritten. Used for the 400 answers
 * (error-handler.ts) and the start-up configuration check (config.ts).
 */

import { listed } from '../../shared/text/listed.js';

/** A Zod issue as the validators hand it on: its code and the facts each code carries. */
export interface IssueFacts {
  code?: string;
  message?: string;
  path?: readonly PropertyKey[];
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: number | bigint;
}

/** The shapes of Zod's English default messages (zod/v4/locales/en.js); the project's own never start so. */
const ZOD_DEFAULT = /^(Invalid\b|Too big: |Too small: |Unrecognized keys?: )/;

export const isZodDefaultMessage = (message: string): boolean => ZOD_DEFAULT.test(message);

/** 20000 → "20,000". */
const amount = (value: number | bigint | undefined) => (value === undefined ? '?' : Number(value).toLocaleString('en-US'));

/** "a", "a or b", "a, b or c"; plain words unquoted, anything else as JSON. */
function choices(values: readonly unknown[]): string {
  const shown = values.map((value) => (typeof value === 'string' && /^[\w.:/-]+$/.test(value) ? value : JSON.stringify(value)));
  return listed(shown, 'or');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  date: 'a date',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an e-mail address',
  url: 'must be a full URL, such as https://parley.example.org',
  uuid: 'must be an ID in UUID form, such as 123e4567-e89b-42d3-a456-426614174000',
  guid: 'must be an ID in UUID form, such as 123e4567-e89b-42d3-a456-426614174000',
  datetime: 'must be a date and time such as 2026-11-28T09:30:00Z',
  date: 'must be a date written YYYY-MM-DD',
  time: 'must be a time written HH:MM or HH:MM:SS',
};

const SIZE_UNITS: Record<string, [string, string]> = {
  string: ['characters', 'long'],
  array: ['items', 'many items'],
  set: ['items', 'many items'],
  map: ['entries', 'many entries'],
  file: ['bytes', 'large'],
};

function tooBig(issue: IssueFacts): string {
  const size = SIZE_UNITS[issue.origin ?? ''];
  if (size) {
    if (issue.exact) return `must have exactly ${amount(issue.maximum)} ${size[0]}`;
    const [unit, adjective] = size;
    const limit = issue.inclusive === false ? Number(issue.maximum) - 1 : issue.maximum;
    return adjective === 'long' || adjective === 'large'
      ? `is too ${adjective}: at most ${amount(limit)} ${unit}`
      : `has too ${adjective}: at most ${amount(limit)}`;
  }
  if (issue.origin === 'date') return `must be no later than ${String(issue.maximum)}`;
  return issue.inclusive === false ? `must be less than ${amount(issue.maximum)}` : `must be at most ${amount(issue.maximum)}`;
}

function tooSmall(issue: IssueFacts): string {
  const size = SIZE_UNITS[issue.origin ?? ''];
  if (size) {
    if (issue.exact) return `must have exactly ${amount(issue.minimum)} ${size[0]}`;
    const least = issue.inclusive === false ? Number(issue.minimum) + 1 : Number(issue.minimum);
    if (least <= 1) return issue.origin === 'string' ? 'must not be empty' : `must have at least one ${size[0] === 'entries' ? 'entry' : 'item'}`;
    return issue.origin === 'string' ? `is too short: at least ${amount(least)} characters` : `must have at least ${amount(least)} ${size[0]}`;
  }
  if (issue.origin === 'date') return `must be no earlier than ${String(issue.minimum)}`;
  return issue.inclusive === false ? `must be more than ${amount(issue.minimum)}` : `must be at least ${amount(issue.minimum)}`;
}

/**
 * The problem, without its subject: "is too long: at most 20,000 characters", "must be a JSON
 * object", "is missing". A message the project wrote is returned as it is.
 */
export function problemOf(issue: IssueFacts): string {
  const message = issue.message ?? '';
  if (message !== '' && !isZodDefaultMessage(message)) return message;
  switch (issue.code) {
    case 'invalid_type':
      // Zod keeps the received type only in its message: "…, received undefined" is a missing value.
      if (/received undefined$/.test(message)) return 'is missing';
      return `must be ${TYPE_WORDS[issue.expected ?? ''] ?? issue.expected ?? 'something else'}`;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      if (issue.format === 'starts_with') return `must start with "${issue.prefix ?? ''}"`;
      if (issue.format === 'ends_with') return `must end with "${issue.suffix ?? ''}"`;
      if (issue.format === 'includes') return `must include "${issue.includes ?? ''}"`;
      return FORMAT_WORDS[issue.format ?? ''] ?? 'is not written in the expected form';
    case 'invalid_value':
      return `must be ${choices(issue.values ?? [])}`;
    case 'not_multiple_of':
      return `must be a multiple of ${amount(issue.divisor)}`;
    case 'unrecognized_keys': {
      const keys = (issue.keys ?? []).map((key) => JSON.stringify(key)).join(', ');
      return (issue.keys?.length ?? 0) === 1 ? `has a field it may not have: ${keys}` : `has fields it may not have: ${keys}`;
    }
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has a value that is not valid';
    case 'invalid_union':
      return 'is not in any of the accepted forms';
    default:
      return 'is not valid';
  }
}

/** One sentence: the subject, capitalised, and the problem, ending in a full stop. */
export function sentence(subject: string, problem: string): string {
  const text = `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${problem}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** sessionData.questionAnswerPairs[0].answer: numbers as indexes, names joined with dots. */
function writtenPath(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' || /^\d+$/.test(String(part)) ? `[${String(part)}]` : `${index > 0 ? '.' : ''}${String(part)}`)).join('');
}

/** The speaking test's numbered lists: what one item is called, and its fields with names of their own. */
const NUMBERED_LISTS: ReadonlyMap<string, { item: string; fields: ReadonlyMap<string, (n: number) => string> }> = new Map([
  [
    'questionAnswerPairs',
    {
      item: 'question',
      fields: new Map([
        ['answer', (n: number) => `the answer to question ${n}`],
        ['question', (n: number) => `the text of question ${n}`],
      ]),
    },
  ],
  ['transcript', { item: 'transcript entry', fields: new Map([['text', (n: number) => `the text of transcript entry ${n}`]]) }],
]);

/**
 * A request field as a person reads it. The speaking test's numbered lists are counted from 1 as
 * the student saw them ("the answer to question 1"); any other field is named by its path.
 */
export function fieldSubject(context: string | undefined, path: readonly PropertyKey[]): string {
  if (path.length === 0) {
    const where = context === 'querystring' ? 'query string' : context === 'params' ? 'address' : context === 'headers' ? 'headers' : 'request body';
    return `the ${where}`;
  }
  const parts = path.map(String);
  // A path ending [..., list, index] or [..., list, index, field].
  for (const tail of [2, 3]) {
    if (parts.length < tail) continue;
    const [list = '', index = '', field] = parts.slice(parts.length - tail);
    const known = NUMBERED_LISTS.get(list);
    if (!known || !/^\d+$/.test(index)) continue;
    const n = Number(index) + 1;
    if (field === undefined) return `${known.item} ${n}`;
    return known.fields.get(field)?.(n) ?? `${known.item} ${n}'s ${field}`;
  }
  if (context === 'querystring') return `the query parameter ${writtenPath(path)}`;
  if (context === 'params') return `the ${writtenPath(path)} in the address`;
  if (context === 'headers') return `the header ${writtenPath(path)}`;
  return `the field ${writtenPath(path)}`;
}
