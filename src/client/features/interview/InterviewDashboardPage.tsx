import {
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import { interviewProfile, type InterviewProfile } from '../../../shared/api/interview';
import {
  EXPERIENCE_MONTHS_MAX,
  EXPERIENCE_MONTHS_MIN,
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  PROFILE_EMPTY_LIST_MESSAGES,
  PROFILE_TEXT_LIMITS,
} from '../../../shared/interview/constants';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { serverMessageOr } from '../../lib/api';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { toastError, toastSuccess } from '../../lib/notify';
import { useInterviewProfile } from './api/interview-profile';
import { useSaveInterviewProfile } from './api/save-interview-profile';
import { useStudentProfile } from '../../lib/student-profile';
import { ProfileListSection } from './ProfileListSection';

export const SUMMARY_EXAMPLE =
  'Results-driven software engineer with three years of experience building web applications in TypeScript and React. ' +
  'I enjoy turning unclear requirements into simple, reliable features, and I have led a small team that cut page load ' +
  'times by 40 percent. I communicate clearly with designers and clients, learn new tools quickly, and I am now looking ' +
  'for a role where I can grow into technical leadership while delivering products people enjoy using.';

const SUMMARY_MAX = PROFILE_TEXT_LIMITS.professionalSummary;
const INTERVIEW_SIMULATOR_PATH = '/interview-simulator';

/** The summary's counter under it: "120/500", and at the limit "500/500: the limit is reached". */
export function summaryCounterText(length: number, max: number = SUMMARY_MAX): string {
  return length >= max ? `${length}/${max}: the limit is reached` : `${length}/${max}`;
}

/** Past the limit: by how much, and that it must be shortened to be saved; null within it. */
export function summaryOverText(length: number, max: number = SUMMARY_MAX): string | null {
  const over = length - max;
  if (over <= 0) return null;
  return `${over} ${over === 1 ? 'character' : 'characters'} over the limit of ${max}: shorten the summary to save it.`;
}

/** "professionalExperience.2.toDate: must not be before fromDate" -> its path and problem. */
function fieldErrorOf(message: string): { path: string; problem: string } | null {
  const match = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const top = match[1].split('.')[0] ?? '';
  if (!(top in interviewProfile.shape)) return null;
  return { path: match[1], problem: match[2] };
}

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
  const [showExample, setShowExample] = useState(false);
  const [logoutAsked, setLogoutAsked] = useState(false);
  /** Set just before a navigation that must not be stopped (after a save, or a confirmed leave). */
  const allowLeave = useRef(false);

  const form = useForm<InterviewProfile>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(interviewProfile, { sync: true }),
  });
  const dirty = form.isDirty();

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !allowLeave.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

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

  const summaryLength = form.values.professionalSummary.length;
  const summaryInput = form.getInputProps('professionalSummary');
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
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} size="h2">
                Interview Dashboard
              </Title>
              <Text c="dimmed">Prepare your professional profile for interviews</Text>
              <Text fw={500}>Welcome, {studentName}</Text>
              <Anchor component={Link} to="/progress" size="sm" w="fit-content">
                My progress
              </Anchor>
            </Stack>
            <Button variant="default" onClick={logout} loading={signingOut}>
              Logout
            </Button>
          </Group>

          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="basic-information">
            <Stack gap="sm">
              <Title order={2} size="h3" id="basic-information">
                Basic Information
              </Title>
              <TextInput label="Name" value={studentName} readOnly description="From your student record" />
              {/* No maxLength: a paste past the limit is kept whole and the student is told, never cut silently (issue 16). */}
              <Textarea
                label="Professional Summary"
                autosize
                minRows={4}
                maxRows={10}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                key={form.key('professionalSummary')}
                {...summaryInput}
                description={<span data-testid="summary-counter">{summaryCounterText(summaryLength)}</span>}
                error={summaryOverText(summaryLength) ?? summaryInput.error}
              />
              <Button
                variant="default"
                size="xs"
                w="fit-content"
                onClick={() => setShowExample((shown) => !shown)}
                aria-expanded={showExample}
                aria-controls="summary-example"
              >
                {showExample ? 'Hide Example' : 'Show Example'}
              </Button>
              {showExample ? (
                <Paper id="summary-example" bg="var(--mantine-color-gray-light)" p="sm" radius="sm" data-testid="summary-example">
                  <Text size="sm">{SUMMARY_EXAMPLE}</Text>
                </Paper>
              ) : null}
            </Stack>
          </Paper>

          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="professional-details">
            <Stack gap="sm">
              <Title order={2} size="h3" id="professional-details">
                Professional Details
              </Title>
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label="Experience (years)"
                  min={EXPERIENCE_YEARS_MIN}
                  max={EXPERIENCE_YEARS_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  key={form.key('experienceYears')}
                  {...form.getInputProps('experienceYears')}
                />
                <NumberInput
                  label="Experience (months)"
                  min={EXPERIENCE_MONTHS_MIN}
                  max={EXPERIENCE_MONTHS_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  key={form.key('experienceMonths')}
                  {...form.getInputProps('experienceMonths')}
                />
              </SimpleGrid>
              <TextInput
                label="Profile"
                placeholder="e.g. Software Engineer"
                maxLength={PROFILE_TEXT_LIMITS.profile}
                key={form.key('profile')}
                {...form.getInputProps('profile')}
              />
              <TextInput
                label="Core Competence"
                placeholder="e.g. Frontend development"
                maxLength={PROFILE_TEXT_LIMITS.coreCompetence}
                key={form.key('coreCompetence')}
                {...form.getInputProps('coreCompetence')}
              />
              <Textarea
                label="Skills"
                placeholder="e.g. Communication, teamwork, problem solving"
                autosize
                minRows={2}
                maxLength={PROFILE_TEXT_LIMITS.skills}
                key={form.key('skills')}
                {...form.getInputProps('skills')}
              />
            </Stack>
          </Paper>

          <Title order={2} size="h3">
            Your Background
          </Title>

          <ProfileListSection
            title="Professional Experience"
            itemName="experience"
            count={form.values.professionalExperience.length}
            emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.professionalExperience}
            onAdd={() => form.insertListItem('professionalExperience', { companyName: '', fromDate: '', toDate: '' })}
            onRemove={(index) => form.removeListItem('professionalExperience', index)}
            renderRow={(index) => (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <TextInput
                  label="Company name"
                  maxLength={PROFILE_TEXT_LIMITS.companyName}
                  {...form.getInputProps(`professionalExperience.${index}.companyName`)}
                />
                <TextInput label="From" type="date" {...form.getInputProps(`professionalExperience.${index}.fromDate`)} />
                <TextInput
                  label="To"
                  type="date"
                  description="Empty means present"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps(`professionalExperience.${index}.toDate`)}
                />
              </SimpleGrid>
            )}
          />

          <ProfileListSection
            title="Education"
            itemName="education"
            count={form.values.education.length}
            emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.education}
            onAdd={() => form.insertListItem('education', { institution: '', fromDate: '', toDate: '' })}
            onRemove={(index) => form.removeListItem('education', index)}
            renderRow={(index) => (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <TextInput
                  label="Institution"
                  maxLength={PROFILE_TEXT_LIMITS.institution}
                  {...form.getInputProps(`education.${index}.institution`)}
                />
                <TextInput label="From" type="date" {...form.getInputProps(`education.${index}.fromDate`)} />
                <TextInput
                  label="To"
                  type="date"
                  description="Empty means present"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps(`education.${index}.toDate`)}
                />
              </SimpleGrid>
            )}
          />

          <ProfileListSection
            title="Certification"
            itemName="certification"
            count={form.values.certifications.length}
            emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.certifications}
            onAdd={() => form.insertListItem('certifications', { certification: '' })}
            onRemove={(index) => form.removeListItem('certifications', index)}
            renderRow={(index) => (
              <TextInput
                label="Certification"
                maxLength={PROFILE_TEXT_LIMITS.certification}
                {...form.getInputProps(`certifications.${index}.certification`)}
              />
            )}
          />

          <ProfileListSection
            title="Technical Skills"
            itemName="technical skill"
            count={form.values.technicalSkills.length}
            emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.technicalSkills}
            onAdd={() => form.insertListItem('technicalSkills', { skill: '' })}
            onRemove={(index) => form.removeListItem('technicalSkills', index)}
            renderRow={(index) => (
              <TextInput
                label="Technical skill"
                maxLength={PROFILE_TEXT_LIMITS.skill}
                {...form.getInputProps(`technicalSkills.${index}.skill`)}
              />
            )}
          />

          <ProfileListSection
            title="Achievements"
            itemName="achievement"
            count={form.values.achievements.length}
            emptyMessage={PROFILE_EMPTY_LIST_MESSAGES.achievements}
            onAdd={() => form.insertListItem('achievements', { achievement: '' })}
            onRemove={(index) => form.removeListItem('achievements', index)}
            renderRow={(index) => (
              <TextInput
                label="Achievement"
                maxLength={PROFILE_TEXT_LIMITS.achievement}
                {...form.getInputProps(`achievements.${index}.achievement`)}
              />
            )}
          />

          <Group justify="flex-end" gap="sm" wrap="wrap">
            {dirty ? (
              <Text size="sm" c="dimmed" mr="auto" data-testid="unsaved-note">
                You have unsaved changes.
              </Text>
            ) : null}
            <Button type="submit" variant="default" disabled={save.isPending} leftSection={save.isPending ? <Loader size="xs" aria-hidden /> : null}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button onClick={startInterview} disabled={save.isPending}>
              Start My Interview
            </Button>
          </Group>
          {dirty ? (
            <Text size="xs" c="dimmed" ta="right">
              Start My Interview saves your changes first.
            </Text>
          ) : null}
        </Stack>
      </form>

      <Modal opened={leaveDialogOpen} onClose={stay} title="Leave without saving?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack gap="md">
          <Text size="sm">You have unsaved changes to your interview profile. If you leave now, they will be lost.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={stay} data-autofocus>
              Stay on this page
            </Button>
            <Button color="red.9" onClick={leave}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
