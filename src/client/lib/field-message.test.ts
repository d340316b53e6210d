import { describe, expect, it } from 'vitest';
import { fieldMessage } from './field-message';

const FIELDS = ['currentPassword', 'newPassword'] as const;

describe('fieldMessage', () => {
  it('splits a refusal that names a field of the form into the field and the sentence', () => {
    expect(fieldMessage('currentPassword: The current password is not correct', FIELDS)).toEqual({
      field: 'currentPassword',
      text: 'The current password is not correct',
    });
    expect(fieldMessage('newPassword: Choose a password different from the current one', FIELDS)).toEqual({
      field: 'newPassword',
      text: 'Choose a password different from the current one',
    });
  });

  it('puts a refusal about an item of a list field under that field', () => {
    const fields = ['text', 'bullets', 'topicWords'] as const;
    expect(fieldMessage('bullets.2: A cue card line cannot be empty', fields)).toEqual({ field: 'bullets', text: 'A cue card line cannot be empty' });
    expect(fieldMessage('topicWords.10: must be at most 40 characters', fields)).toEqual({ field: 'topicWords', text: 'must be at most 40 characters' });
    // Only after a field's name: a dotted name the form does not have is left whole.
    expect(fieldMessage('part.text: is not valid', FIELDS)).toEqual({ field: null, text: 'part.text: is not valid' });
  });

  it('leaves a message that names no field of the form as it is', () => {
    expect(fieldMessage('Too many attempts. Try again in a minute.', FIELDS)).toEqual({ field: null, text: 'Too many attempts. Try again in a minute.' });
    // A field of another form, or a sentence with a colon, is not cut.
    expect(fieldMessage('mobileNumber: Enter a valid mobile number', FIELDS)).toEqual({ field: null, text: 'mobileNumber: Enter a valid mobile number' });
    expect(fieldMessage('Note: the server is busy', FIELDS)).toEqual({ field: null, text: 'Note: the server is busy' });
  });
});
