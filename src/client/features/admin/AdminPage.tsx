import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { toastError, toastSuccess } from '../../lib/notify';
import { clearStudentInfo, readStudentInfo } from '../../lib/student-info';
import { useClearStudentSession } from './api/clear-sessions';
import { FullPageLoader } from '../../components/FullPageLoader';
import { StudentsTab } from './students/StudentsTab';
import classes from './AdminPage.module.css';

// The tabs behind Students load when opened: the first visit of /admin shows the students list only.
const AttemptsTab = lazy(async () => ({ default: (await import('./attempts/AttemptsTab')).AttemptsTab }));
const ClassTab = lazy(async () => ({ default: (await import('./class/ClassTab')).ClassTab }));
const SettingsTab = lazy(async () => ({ default: (await import('./settings/SettingsTab')).SettingsTab }));
const TeachersTab = lazy(async () => ({ default: (await import('./teachers/TeachersTab')).TeachersTab }));
const QuestionsTab = lazy(async () => ({ default: (await import('./questions/QuestionsTab')).QuestionsTab }));

const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;

export const ADMIN_TABS = [
  { value: 'students', label: 'Students' },
  { value: 'ielts', label: 'IELTS Attempts' },
  { value: 'interview', label: 'Interview Attempts' },
  { value: 'class', label: 'Class' },
  { value: 'teachers', label: 'Teachers' },
  { value: 'questions', label: 'Questions' },
  { value: 'settings', label: 'Settings' },
] as const;
type TabValue = (typeof ADMIN_TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => ADMIN_TABS.some((tab) => tab.value === value);

/**
 * Ends a student's test session on this device when the teacher comes back to the dashboard. A
 * component of its own, drawing nothing: the request's progress redraws it alone, not the dashboard
 * and its list.
 */
function ClearActingStudentOnOpen() {
  const { data: user } = useCurrentUser();
  const { mutate } = useClearStudentSession();
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current || !user) return;
    cleared.current = true;
    const hadStudent = user.actingStudent !== null || readStudentInfo() !== null;
    clearStudentInfo();
    mutate(undefined, {
      onSuccess: () => {
        if (user.actingStudent !== null) {
          toastSuccess('Student session cleared', 'The student who was taking a test on this device is signed out. Sign in with your own password to open the admin pages.');
        } else if (hadStudent) toastSuccess('Student session cleared', 'The student who was taking a test on this device is signed out.');
      },
      onError: (error) => toastError('Could not clear the student session', error.message),
    });
  }, [user, mutate]);
  return null;
}

/** Spec section 2: what a signed-in non-admin sees at /admin. */
function AccessDenied() {
  return (
    <Container size={480}>
      <Stack gap="md" mt="xl">
        <Title order={1} size="h2">
          Access Denied
        </Title>
        <Text>You don't have permission to access this page.</Text>
        <Button component={Link} to="/test" w="fit-content">
          Go to Test
        </Button>
      </Stack>
    </Container>
  );
}

export default function AdminPage() {
  const { data: user } = useCurrentUser();
  if (user && !user.isAdmin) return <AccessDenied />;
  // A device acting for a student: the admin API refuses it; ending the acting signs it out.
  if (user?.actingStudent) return <ClearActingStudentOnOpen />;
  return <AdminDashboard />;
}

/**
 * Whether a row that scrolls sideways has more to either side: on a phone four of the seven tabs
 * (Class, Teachers, Questions, Settings) start out of sight, and the row's edges fade where more is.
 */
function useScrollEdges(ref: RefObject<HTMLElement | null>): { left: boolean; right: boolean } {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

function AdminDashboard() {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'students';
  // On a phone the tab row scrolls sideways: the open tab is brought into view (a link to ?tab=teachers).
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>('[data-active]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = Math.max(0, active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2);
  }, [tab]);
  const edges = useScrollEdges(tabList);

  return (
    <Container size="xl">
      <ClearActingStudentOnOpen />
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {/* A teacher's name as the school gave it (as students see it on reviews), else the sign-in name. */}
          {/* Takes the focus when a link or a sign-in brings the teacher here (AppLayout's usePageArrival). */}
          <Title order={1} size="h2" tabIndex={-1}>
            Welcome, {user?.displayName}
          </Title>
          <Group gap="sm">
            <Button component={Link} to="/student" variant="light">
              Student access
            </Button>
            <Button component={Link} to="/admin/courses" variant="light">
              Manage Courses
            </Button>
            <Button variant="default" onClick={signOut} loading={isPending}>
              Logout
            </Button>
          </Group>
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => {
            if (isTab(value)) setParams(value === 'students' ? {} : { tab: value }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List ref={tabList} className={classes.tabList} data-more-left={edges.left || undefined} data-more-right={edges.right || undefined}>
            {ADMIN_TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="students" pt="lg">
            <StudentsTab />
          </Tabs.Panel>
          <Tabs.Panel value="ielts" pt="lg">
            <Loading>
              <AttemptsTab kind="ielts" />
            </Loading>
          </Tabs.Panel>
          <Tabs.Panel value="interview" pt="lg">
            <Loading>
              <AttemptsTab kind="interview" />
            </Loading>
          </Tabs.Panel>
          <Tabs.Panel value="class" pt="lg">
            <Loading>
              <ClassTab />
            </Loading>
          </Tabs.Panel>
          <Tabs.Panel value="teachers" pt="lg">
            <Loading>
              <TeachersTab />
            </Loading>
          </Tabs.Panel>
          <Tabs.Panel value="questions" pt="lg">
            <Loading>
              <QuestionsTab />
            </Loading>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="lg">
            <Loading>
              <SettingsTab />
            </Loading>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
