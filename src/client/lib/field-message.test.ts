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

  it('leaves a message that names no field of the form as it is', () => {
    expect(fieldMessage('Too many attempts. Try again in a minute.', FIELDS)).toEqual({ field: null, text: 'Too many attempts. Try again in a minute.' });
    // A field of another form, or a sentence with a colon, is not cut.
    expect(fieldMessage('mobileNumber: Enter a valid mobile number', FIELDS)).toEqual({ field: null, text: 'mobileNumber: Enter a valid mobile number' });
    expect(fieldMessage('Note: the server is busy', FIELDS)).toEqual({ field: null, text: 'Note: the server is busy' });
  });
});
