import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORDS_DO_NOT_MATCH } from '../../shared/api/limits';
import { newPasswordProblems } from './new-password';

describe('newPasswordProblems (the set-password and choose-password pages)', () => {
  it('applies the route’s own rules, then the confirmation', async () => {
    expect(await newPasswordProblems('short', 'short')).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect(await newPasswordProblems('p'.repeat(PASSWORD_MAX_LENGTH + 1), 'p'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual({
      newPassword: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    });
    expect(await newPasswordProblems('short', 'shorter')).toEqual({ newPassword: 'Password must be at least 8 characters', confirmPassword: PASSWORDS_DO_NOT_MATCH });
    expect(await newPasswordProblems('long enough', 'long enough!')).toEqual({ confirmPassword: PASSWORDS_DO_NOT_MATCH });
  });

  it('passes a password the server takes', async () => {
    expect(await newPasswordProblems('long enough', 'long enough')).toEqual({});
  });

  it("holds a teacher's password to the teachers' bar, in the server's sentence, not the students' 8 characters", async () => {
    const teacher = { teacher: true };
    expect(await newPasswordProblems('short', 'short', teacher)).toEqual({ newPassword: "A teacher's password must be at least 12 characters" });
    expect(await newPasswordProblems('ten chars!', 'ten chars!', teacher)).toEqual({ newPassword: "A teacher's password must be at least 12 characters" });
    expect(await newPasswordProblems('123456789012', '123456789012', teacher)).toEqual({ newPassword: "A teacher's password must not be digits only: use letters too" });
    expect(await newPasswordProblems('a long phrase', 'a long phrase', teacher)).toEqual({});
  });
});
