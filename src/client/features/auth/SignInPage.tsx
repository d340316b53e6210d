import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { User } from '../../../shared/api/auth';
import type { Credentials } from '../../../shared/api/auth-forms';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PlainAlert } from '../../components/PlainAlert';
import { isApiError, serverMessageOr } from '../../lib/api';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import { toastError, toastSuccess } from '../../lib/notify';
import { loadFormChecks, prefetchFormChecks } from '../../lib/validators';
import { AuthCard } from '../../components/AuthCard';
import { signInRequest } from '../../lib/auth/requests';
import { userFromPage } from '../../lib/auth/user-from-page';
import { useAction, useSession, useSessionUser } from '../../lib/auth/session';
import { AppLink, useAppNavigate } from '../../lib/nav';

// The card a signed-in visitor sees is a chunk of its own: the first visit, which the budget of
// decision 0006 is about, is signed out (decision 0022). When the page says someone is signed in, the
// card starts loading with this page.
const loadAlreadyLoggedIn = () => import('./AlreadyLoggedIn');
const AlreadyLoggedIn = lazy(async () => ({ default: (await loadAlreadyLoggedIn()).AlreadyLoggedIn }));
if (userFromPage()) void loadAlreadyLoggedIn();

export const LOGIN_INVALID_TEXT = 'Invalid username or password';
export const LOGIN_FAILED_TEXT = 'Login failed. Please try again.';

export function homeFor(user: User): string {
  if (user.mustChangePassword) return '/set-password';
  return user.isAdmin ? '/admin' : '/student';
}

function loginErrorText(error: unknown): string {
  // The spec's sentence, or the server's own when it says more (a mailed temporary password that expired).
  if (isApiError(error, 401)) return serverMessageOr(error, LOGIN_INVALID_TEXT);
  // Too many attempts: the server says when to try again, which is what the person needs to know.
  if (isApiError(error, 429)) return serverMessageOr(error, LOGIN_FAILED_TEXT);
  // Any other failure, no answer within SIGN_IN_TIMEOUT_MS included: the spec's sentence (section 8).
  return LOGIN_FAILED_TEXT;
}

/** `onSignedIn`: told just before the session knows the user, so the page stays this form (busy) until the next page opens. */
function SignInForm({ onSignedIn, signedIn }: { onSignedIn: () => void; signedIn: boolean }) {
  const session = useSession();
  const login = useAction(async (body: Credentials) => {
    const user = await signInRequest(body);
    onSignedIn();
    session.signedIn(user);
    return user;
  });
  const navigate = useAppNavigate();
  const [errorText, setErrorText] = useState<string | null>(null);
  // Plain state rather than @mantine/form: this page is the first visit, and every kilobyte counts.
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<{ username: string | null; password: string | null }>({ username: null, password: null });
  // A form refused by its checks takes the focus to the first invalid field, which reads its label and
  // error: left on Sign in, a screen reader said nothing.
  const formElement = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formElement.current);
  }, [refusals]);
  const change = (field: keyof Credentials) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: null }));
  };

  // Set from the first tap until its sign-in is answered: a second tap while the checks load (before
  // the button shows it is busy) would send a second sign-in.
  const submitting = useRef(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    const checks = await loadFormChecks().catch((error: unknown) => {
      submitting.current = false;
      throw error;
    });
    const errors = checks ? checks.formErrors(checks.credentials, values) : {};
    setFieldErrors({ username: errors.username ?? null, password: errors.password ?? null });
    if (errors.username || errors.password) {
      submitting.current = false;
      setRefusals((count) => count + 1);
      return;
    }
    setErrorText(null);
    login.mutate({ username: values.username.trim(), password: values.password }, {
      onSuccess: (user) => {
        submitting.current = false;
        toastSuccess('Login successful', 'Welcome back!');
        navigate(homeFor(user), { replace: true });
      },
      onError: (error) => {
        submitting.current = false;
        const text = loginErrorText(error);
        setErrorText(text);
        toastError('Login failed', text);
      },
    });
  };

  return (
    <AuthCard title="Sign in" subtitle="Students: use your mobile number or username. Teachers: use your e-mail address or admin username.">
      <form ref={formElement} onSubmit={(event) => void submit(event)} onFocus={prefetchFormChecks} noValidate>
        <Stack gap="md">
          {errorText ? (
            <PlainAlert color="red" role="alert" title="Login failed">
              {errorText}
            </PlainAlert>
          ) : null}
          <TextInput
            label="Username or mobile number"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.username}
            onChange={change('username')}
            error={fieldErrors.username}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password', tabIndex: 0 }}
            value={values.password}
            onChange={change('password')}
            error={fieldErrors.password}
            // Mantine's password field links its error but does not mark the input invalid.
            aria-invalid={fieldErrors.password ? true : undefined}
          />
          <Group justify="space-between" align="center">
            <Anchor component={AppLink} to="/forgot-password" size="sm" className="touch-target">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending || signedIn} fullWidth size="md">
            Sign in
          </Button>
          <Text size="xs" c="dimmed" data-testid="admin-hint">
            Teacher? Sign in with the e-mail address your invitation went to, or the admin username set up for your
            school. Students cannot open the teachers' pages.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default function SignInPage() {
  const { user, isPending } = useSessionUser();
  // Signed in on this form: it stays (Sign in busy) while the next page loads, which on a slow
  // network took seconds, not "Already Logged In" with a sign-out button for a moment.
  const [signedInHere, setSignedInHere] = useState(false);
  if (isPending) return <FullPageLoader />;
  if (user && !signedInHere) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <AlreadyLoggedIn user={user} />
      </Suspense>
    );
  }
  return <SignInForm onSignedIn={() => setSignedInHere(true)} signedIn={signedInHere} />;
}
