import { Container, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { interviewProfile, type InterviewProfile } from '../../../shared/api/interview';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { serverMessageOr } from '../../lib/api';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { toastError, toastSuccess } from '../../lib/notify';
import { useStudentProfile } from '../../lib/student-profile';
import { useInterviewProfile } from './api/interview-profile';
import { useSaveInterviewProfile } from './api/save-interview-profile';
import { BackgroundLists } from './dashboard/BackgroundLists';
import { BasicInformationSection } from './dashboard/BasicInformationSection';
import { DashboardHeader } from './dashboard/DashboardHeader';
import { LeaveWithoutSavingDialog } from './dashboard/LeaveWithoutSavingDialog';
import { ProfessionalDetailsSection } from './dashboard/ProfessionalDetailsSection';
import { fieldErrorOf } from './dashboard/profile-form';
import { SaveAndStartBar } from './dashboard/SaveAndStartBar';
import { useUnsavedChangesGuard } from './dashboard/unsaved-changes';

/*
 * /interview-dashboard (SPEC.md section 2): the professional profile the mock interview's questions
 * are built from. Its sections are in ./dashboard, in the spec's order.
 */

const INTERVIEW_SIMULATOR_PATH = '/interview-simulator';

export default function InterviewDashboardPage() {
  const profile = useInterviewProfile();
  const student = useStudentProfile();

  if (profile.isPending || student.isPending) return <FullPageLoader label="Loading your profile…" />;
  if (profile.error) {
    return (
      <Container size="md" py="xl">
        <LoadError what="interview profile" error={profile.error} retry={() => void profile.refetch()} retrying={profile.isFetching} />
      </Container>
    );
  }
  const studentName = student.data?.student.studentName ?? '';
  return <Dashboard initial={profile.data} studentName={studentName} />;
}

function Dashboard({ initial, studentName }: { initial: InterviewProfile; studentName: string }) {
  const navigate = useNavigate();
  const save = useSaveInterviewProfile();
  const { signOut, isPending: signingOut } = useSignOut();
  const [logoutAsked, setLogoutAsked] = useState(false);

  const form = useForm<InterviewProfile>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(interviewProfile, { sync: true }),
  });
  const dirty = form.isDirty();
  const { blocker, allowLeave } = useUnsavedChangesGuard(dirty);

  /** Validates, saves, and then (if given) runs `after`. */
  const saveThen = (after?: () => void) =>
    form.onSubmit((values) => {
      const body = interviewProfile.parse(values);
      save.mutate(body, {
        onSuccess: (saved) => {
          form.setValues(saved);
          form.setInitialValues(saved);
          form.resetDirty(saved);
          toastSuccess('Profile saved', 'Your interview profile has been saved.');
          after?.();
        },
        onError: (error) => {
          const message = serverMessageOr(error, error.message);
          const field = fieldErrorOf(message);
          if (field) form.setFieldError(field.path, field.problem);
          toastError('Could not save the profile', message);
        },
      });
    });

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

  const leaveDialogOpen = blocker.state === 'blocked' || logoutAsked;
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setLogoutAsked(false);
  };
  const leave = () => {
    allowLeave.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    if (logoutAsked) {
      setLogoutAsked(false);
      signOut();
    }
  };

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <form onSubmit={saveThen()} noValidate>
        <Stack gap="lg">
          <DashboardHeader studentName={studentName} onLogout={logout} signingOut={signingOut} />
          <BasicInformationSection form={form} studentName={studentName} />
          <ProfessionalDetailsSection form={form} />
          <BackgroundLists form={form} />
          <SaveAndStartBar dirty={dirty} saving={save.isPending} onStart={startInterview} />
        </Stack>
      </form>
      <LeaveWithoutSavingDialog opened={leaveDialogOpen} onStay={stay} onLeave={leave} />
    </Container>
  );
}
