import { z } from '../zod.js';

/** Every error response: one sentence a person can act on. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';

/** "is required" when the field is missing, otherwise the given message (wrong type). */
export const requiredOr = (otherwise: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : otherwise);

/** Refuses unknown fields with a message that names them. */
export const strictObjectError = (issue: { code?: string; keys?: string[]; input?: unknown }) => {
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue.keys ?? []).map((key) => `"${key}"`).join(', ');
    return `has ${issue.keys?.length === 1 ? 'an unknown field' : 'unknown fields'}: ${keys}`;
  }
  return issue.input === undefined ? 'is required' : 'must be an object';
};
