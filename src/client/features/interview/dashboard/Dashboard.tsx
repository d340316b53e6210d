import { Container, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { InterviewProfile } from '../../../../shared/api/interview';
import { serverMessageOr } from '../../../lib/api';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useSaveInterviewProfile } from '../api/save-interview-profile';
import { BackgroundLists } from './BackgroundLists';
import { BasicInformationSection } from './BasicInformationSection';
import { DashboardHeader } from './DashboardHeader';
import { ProfessionalDetailsSection } from './ProfessionalDetailsSection';
import { removeRowButton } from './ProfileListSection';
import { fieldErrorOf, loadProfileChecks, profileChecks } from './profile-form';
import { SaveAndStartBar } from './SaveAndStartBar';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useProfileForm } from './use-profile-form';
import { loadToasts } from '../../../lib/load-toasts';
import { focusFirstInvalid } from '../../../lib/focus-invalid';

/* The interview dashboard's form, loaded by InterviewDashboardPage in parallel with the profile it shows (decision 0023). */

const INTERVIEW_SIMULATOR_PATH = '/interview-simulator';

/**
 * Starts loading what editing needs: the profile's checks, the rows' delete buttons and the toasts'
 * code, so that a save made after the connection is lost can still say why it failed
 * (lib/load-toasts.ts). Once; later calls return at once.
 */
const startChecks = () => {
  void loadProfileChecks();
  loadToasts();
  removeRowButton.preload();
};

export interface DashboardProps {
  initial: InterviewProfile;
  studentName: string;
}

export function Dashboard({ initial, studentName }: DashboardProps) {
  const navigate = useNavigate();
  const save = useSaveInterviewProfile();
  const { signOut, isPending: signingOut } = useSignOut();
  const [logoutAsked, setLogoutAsked] = useState(false);

  const form = useProfileForm<InterviewProfile>({
    initialValues: initial,
    validate: (values) => profileChecks()?.validateProfile(values) ?? {},
  });
  const dirty = form.isDirty();
  const allowLeave = useRef(false);

  // A save refused for a field (by the checks or the server) takes the focus to the first field
  // marked invalid: a screen reader reads its label and its error, where the Save button said nothing.
  const formElement = useRef<HTMLFormElement>(null);
  const [refusedSaves, setRefusedSaves] = useState(0);
  useEffect(() => {
    if (refusedSaves === 0) return;
    focusFirstInvalid(formElement.current);
  }, [refusedSaves]);
  const refused = () => setRefusedSaves((count) => count + 1);

  /** Validates, saves, and then (if given) runs `after`. */
  const saveThen = (after?: () => void) => (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    // Enter in a field sends the form while Save is held (not disabled) during a save.
    if (save.isPending) return;
    const submit = form.onSubmit((values) => {
      const body = profileChecks()?.parseProfile(values) ?? values;
      save.mutate(body, {
        onSuccess: (saved) => {
          form.setValues(saved);
          form.resetDirty(saved);
          toastSuccess('Profile saved', 'Your interview profile has been saved.');
          after?.();
        },
        onError: (error) => {
          const message = serverMessageOr(error, error.message);
          const field = fieldErrorOf(message);
          if (field) {
            form.setFieldError(field.path, field.problem);
            refused();
          }
          // A refusal naming a field ("professionalExperience.2.toDate: …") is shown under that
          // field; the toast points there rather than at the server's path for it.
          toastError('Could not save the profile', field ? `See the field marked below: ${field.problem}` : message);
        },
      });
    }, refused);
    // The checks started loading with the first touch of the form, so they are usually in by now.
    if (profileChecks()) submit();
    else void loadProfileChecks().then(() => submit());
  };

  const goToInterview = () => {
    allowLeave.current = true;
    void navigate(INTERVIEW_SIMULATOR_PATH);
  };

  const startInterview = () => {
    if (dirty) saveThen(goToInterview)();
    else goToInterview();
  };

  const logout = () => {
    if (dirty) setLogoutAsked(true);
    else {
      allowLeave.current = true;
      signOut();
    }
  };

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      {/* The schema (and Zod) load with the student's first touch of the form, not with the page; a save waits for them (profile-form.ts). The rows' delete buttons too. */}
      <form ref={formElement} onSubmit={saveThen()} noValidate onFocus={startChecks} onPointerDown={startChecks} onInput={startChecks}>
        <Stack gap="lg">
          <DashboardHeader studentName={studentName} onLogout={logout} signingOut={signingOut} />
          <BasicInformationSection form={form} studentName={studentName} />
          <ProfessionalDetailsSection form={form} />
          <BackgroundLists form={form} />
          <SaveAndStartBar dirty={dirty} saving={save.isPending} onStart={startInterview} />
        </Stack>
      </form>
      <UnsavedChangesGuard
        dirty={dirty}
        message="You have unsaved changes to your interview profile. If you leave now, they will be lost."
        allowLeave={allowLeave}
        logoutAsked={logoutAsked}
        onStayAfterLogout={() => setLogoutAsked(false)}
        onLeaveToLogout={() => {
          setLogoutAsked(false);
          signOut();
        }}
      />
    </Container>
  );
}
