import { Anchor, Badge, Group, Loader, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Columns } from '../../../components/Columns';
import { Link, useSearchParams } from 'react-router';
import { KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { CLASS_WEEKS, INACTIVE_DAYS, type AwaitingReview, type ClassView, type InactiveStudents } from '../../../../shared/api/class-view';
import { NOTHING_TO_SCORE_LABEL } from '../../../../shared/api/no-result-texts';
import { LoadError } from '../../../components/LoadError';
import { NoEstimate } from '../attempts/AttemptCells';
import { formatAttemptDateAndTime, schoolToday } from '../attempts/format';
import { distinctAttemptTimes } from '../../../components/attempt/list-times';
import { useClassView } from './api/class-view';
import { BandChart, WeeklyChart } from './ClassCharts';
import classes from './ClassView.module.css';

const DAY_MS = 24 * 3600_000;

/** `?course=` when it is a course id, else none (the picker). */
function courseFrom(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id >= 1 ? id : null;
}

const count = (value: number) => value.toLocaleString('en');

/** Days between the two dates at the school (the calendar's, not whole 24-hour periods): "18 days ago" on 8 Dec for 20 Nov. */
function daysAgo(iso: string, now: number): string {
  const days = Math.round((Date.parse(schoolToday(new Date(now))) - Date.parse(schoolToday(new Date(iso)))) / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

function InactiveList({ inactive, now }: { inactive: InactiveStudents; now: number }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="inactive-title" data-testid="inactive-list">
      <Stack gap={4}>
        <Title order={3} size="h5" id="inactive-title">
          Not practised for {INACTIVE_DAYS} days
        </Title>
        <Text size="sm" c="dimmed" data-testid="inactive-total">
          {inactive.total === 0
            ? 'Every student has practised in the last 14 days.'
            : `${count(inactive.total)} ${inactive.total === 1 ? 'student' : 'students'}${inactive.total > inactive.students.length ? `; the first ${inactive.students.length} shown` : ''}. Never practised first, then the longest without practice.`}
        </Text>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {inactive.students.map((student) => (
            <li key={student.id} className={classes.item} data-testid="inactive-student" data-student-id={student.id}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {student.studentName}
                </Text>
                <Anchor href={`tel:${student.mobileNumber}`} size="sm">
                  {student.mobileNumberDisplay}
                </Anchor>
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {student.lastAttemptAt
                    ? `Last practised ${formatAttemptDateAndTime(student.lastAttemptAt).date} (${daysAgo(student.lastAttemptAt, now)})`
                    : 'Never practised'}
                </Text>
                {student.latestAttemptId ? (
                  <Anchor component={Link} to={`/admin/attempts/${student.latestAttemptId}`} size="sm" aria-label={`${student.studentName}: latest attempt`}>
                    Latest attempt
                  </Anchor>
                ) : null}
              </Group>
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}

function AwaitingList({ awaiting, showCourse }: { awaiting: AwaitingReview; showCourse: boolean }) {
  // Told apart where one student has two waiting from the same minute (list-times.ts).
  const spoken = distinctAttemptTimes(awaiting.attempts.map((attempt) => attempt.completedAt));
  const totalText = awaiting.capped ? `${count(awaiting.total)} or more` : count(awaiting.total);
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="awaiting-title" data-testid="awaiting-list">
      <Stack gap={4}>
        <Title order={3} size="h5" id="awaiting-title">
          Awaiting review
        </Title>
        <Text size="sm" c="dimmed" data-testid="awaiting-total">
          {awaiting.total === 0
            ? 'Nothing is waiting: every attempt has a released review.'
            : `${totalText} ${awaiting.total === 1 ? 'attempt' : 'attempts'} not yet released to the student${awaiting.total > awaiting.attempts.length ? `; the oldest ${awaiting.attempts.length} shown` : ''}, oldest first.${awaiting.total > awaiting.attempts.length ? ' On a review, Next awaiting goes on through the rest.' : ''}`}
        </Text>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {awaiting.attempts.map((attempt, i) => {
            const when = formatAttemptDateAndTime(attempt.completedAt);
            const said = spoken[i] ?? when;
            return (
              <li key={attempt.id} className={classes.item} data-testid="awaiting-attempt" data-attempt-id={attempt.id}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Anchor component={Link} to={`/admin/attempts/${attempt.id}`} fw={600} size="sm" className={classes.rowLink}>
                    {attempt.studentName}
                    {/* Each link opens one attempt, and a student may have several waiting: the link says which. */}
                    <VisuallyHidden>
                      {`: ${KIND_LABELS[attempt.kind].attempt}, ${said.date}, ${said.time}${attempt.reviewed ? ', draft saved' : ''}${attempt.nothingToScore ? `, ${NOTHING_TO_SCORE_LABEL.toLowerCase()}` : ''}`}
                    </VisuallyHidden>
                  </Anchor>
                  <Group gap={6} wrap="wrap">
                    {/* On its light tint, indigo's darkest shade passes AA; teal's darkest is 4.32:1, so an interview's text is dark. */}
                    <Badge variant="light" color={attempt.kind === 'ielts' ? 'indigo' : 'teal'} c={attempt.kind === 'ielts' ? 'indigo.9' : 'dark.7'}>
                      {KIND_LABELS[attempt.kind].attempt}
                    </Badge>
                    {attempt.reviewed ? (
                      <Badge variant="outline" color="gray">
                        Draft saved
                      </Badge>
                    ) : null}
                    {/* No recording and no transcript: opening it finds nothing to score, as the attempts list says. */}
                    {attempt.nothingToScore ? <NoEstimate reason="nothingToScore" /> : null}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  {when.date}, {when.time}
                  {showCourse ? ` · ${attempt.courseName}` : ''}
                </Text>
              </li>
            );
          })}
        </ul>
      </Stack>
    </Paper>
  );
}

function CourseFigures({ view }: { view: ClassView }) {
  const { course, distribution, weekly, inactive } = view;
  if (!course || !distribution || !weekly || !inactive) return null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {course.courseName}: {count(course.students)} active {course.students === 1 ? 'student' : 'students'}. Weekly averages from{' '}
        {KIND_LABELS[course.kind].tab} over the last {CLASS_WEEKS} weeks.
      </Text>
      <Columns cols={{ base: 1, md: 2 }}>
        <BandChart distribution={distribution} kind={course.kind} />
        <WeeklyChart weekly={weekly} kind={course.kind} />
      </Columns>
      <Columns cols={{ base: 1, md: 2 }}>
        <InactiveList inactive={inactive} now={Date.parse(view.at)} />
        <AwaitingList awaiting={view.awaiting} showCourse={false} />
      </Columns>
    </Stack>
  );
}

/**
 * The class view: pick a course to see its students' latest bands, each criterion's weekly
 * class average, who has stopped practising and what waits for review; without a course, what waits
 * for review in every course. The course lives in the address (`?tab=class&course=<id>`).
 */
export function ClassTab() {
  const [params, setParams] = useSearchParams();
  const courseId = courseFrom(params.get('course'));
  const { data, error, isPending, refetch, isFetching } = useClassView(courseId);
  const choose = (value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set('course', value);
        else updated.delete('course');
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Course"
          value={courseId === null ? '' : String(courseId)}
          onChange={(event) => choose(event.currentTarget.value)}
          data={[
            { value: '', label: 'Every course: awaiting review' },
            ...(data?.courses ?? []).map((course) => ({
              value: String(course.id),
              label: `${course.courseName} (${count(course.students)} ${course.students === 1 ? 'student' : 'students'})`,
            })),
            // The chosen course before the list arrives.
            ...(courseId !== null && !data?.courses.some((course) => course.id === courseId) ? [{ value: String(courseId), label: 'Loading…' }] : []),
          ]}
          w={{ base: '100%', xs: 360 }}
        />
        {isFetching && !isPending ? <Loader size="sm" aria-label="Refreshing" /> : null}
      </Group>
      {error ? (
        <LoadError what="class view" error={error} retry={() => void refetch()} retrying={isFetching} />
      ) : isPending || !data ? (
        <Loader aria-label="Loading the class view" />
      ) : data.course ? (
        <CourseFigures view={data} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Choose a course to see its students&apos; bands, weekly averages and who has not practised lately.
          </Text>
          <AwaitingList awaiting={data.awaiting} showCourse />
        </Stack>
      )}
    </Stack>
  );
}
