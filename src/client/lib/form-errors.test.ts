import { describe, expect, it } from 'vitest';
import { changePasswordBody, credentials, EMAIL_NOT_A_MOBILE_NUMBER, forgotPasswordBody } from '../../shared/api/auth-forms';
import { formErrors } from './form-errors';

/** The forms show the route's own messages (src/shared/api/limits.ts), word for word. */
describe('formErrors with the auth forms schemas', () => {
  it('sign in: each empty field says what to enter; a name of spaces counts as empty', () => {
    expect(formErrors(credentials, { username: '   ', password: '' })).toEqual({
      username: 'Enter your username or mobile number',
      password: 'Enter your password',
    });
    expect(formErrors(credentials, { username: ' asha ', password: 'x' })).toEqual({});
  });

  it('sign in: too long a name or password', () => {
    expect(formErrors(credentials, { username: 'a'.repeat(101), password: 'p'.repeat(129) })).toEqual({
      username: 'must be at most 100 characters',
      password: 'must be at most 128 characters',
    });
  });

  it('new password: the field name goes before the schema message', () => {
    expect(formErrors(changePasswordBody, { newPassword: 'short' }, { newPassword: 'Password' })).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect(formErrors(changePasswordBody, { newPassword: 'p'.repeat(129) }, { newPassword: 'Password' })).toEqual({ newPassword: 'Password must be at most 128 characters' });
    expect(formErrors(changePasswordBody, { newPassword: 'long enough' })).toEqual({});
  });

  it('forgot password: an empty or malformed address', () => {
    for (const email of ['', 'asha', 'asha@school', 'as ha@school.org']) {
      expect(formErrors(forgotPasswordBody, { email }, { email: 'Email' })).toEqual({ email: 'Email must be an e-mail address' });
    }
    expect(formErrors(forgotPasswordBody, { email: 'asha@school.org' })).toEqual({});
  });

  it('forgot password: a mobile number, typed as a student signs in with it, is told where the mail goes', () => {
    for (const email of ['9876543210', '+91 98765 43210', '(+91) 98765-43210', ' 098765 43210 ']) {
      expect(formErrors(forgotPasswordBody, { email }, { email: 'Email' })).toEqual({ email: `Email ${EMAIL_NOT_A_MOBILE_NUMBER}` });
    }
    expect(formErrors(forgotPasswordBody, { email: '12345' }, { email: 'Email' })).toEqual({ email: 'Email must be an e-mail address' });
  });
});
