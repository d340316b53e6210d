import { Anchor, Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { routeForCourse } from '../../shared/courses';
import { useSessionUser } from '../lib/auth/session';
import { useSignOut } from '../lib/auth/use-sign-out';
import { confirmLeaving } from '../lib/leave-guard';
import { AppLink } from '../lib/nav';
import { studentProfileQuery } from '../lib/student-profile';
import classes from './AppLayout.module.css';

/*
 * The student's way around, in the header of every student page: Practice (their course's page),
 * My progress and Sign out. The routing after sign-in stays the spec's; this is how a student gets
 * back. Practice leads to the course's page however the page was opened: the header loads the
 * student's profile itself (shared with the pages that need it, so asked for once). A link away from a running test or interview goes through that page's leave dialog (the
 * router's blocker), and so does Sign out (lib/leave-guard.ts).
 */

const PRACTICE_PATHS = ['/student', '/test', '/interview-dashboard', '/interview-simulator', '/under-construction'];
const PROGRESS_PATHS = ['/progress'];

const under = (pathname: string, paths: readonly string[]) => paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Whether the page at `pathname` is a student's page (the header shows the student's links there). */
export function isStudentPage(pathname: string): boolean {
  return under(pathname, PRACTICE_PATHS) || under(pathname, PROGRESS_PATHS);
}

/**
 * Where Practice leads a signed-in student: their course's page (as the student page routes them), or
 * the student page while the profile loads or when it cannot be read (it says why).
 */
export function usePracticePath(enabled = true): string {
  const { data: profile } = useQuery({ ...studentProfileQuery, enabled });
  return profile ? routeForCourse(profile.course.courseName) : '/student';
}

/** Whether the student's links show on this page: a signed-in student on one of their pages. */
export function useStudentNavShown(pathname: string): boolean {
  const { user } = useSessionUser();
  return Boolean(user && !user.isAdmin && isStudentPage(pathname));
}

export function StudentNav({ pathname }: { pathname: string }) {
  const shown = useStudentNavShown(pathname);
  const practice = usePracticePath(shown);
  const { signOut, isPending } = useSignOut();
  if (!shown) return null;
  const onPractice = under(pathname, PRACTICE_PATHS);
  const onProgress = under(pathname, PROGRESS_PATHS);
  const leaveThenSignOut = () => {
    void confirmLeaving().then((leave) => {
      if (leave) signOut();
    });
  };
  return (
    <Group component="nav" aria-label="Your practice" gap={4} wrap="wrap" className={classes.studentNav}>
      <Anchor component={AppLink} to={practice} aria-current={onPractice ? 'page' : undefined} className={classes.navLink}>
        Practice
      </Anchor>
      <Anchor component={AppLink} to="/progress" aria-current={onProgress ? 'page' : undefined} className={classes.navLink}>
        My progress
      </Anchor>
      <Button variant="subtle" color="gray" c="gray.9" size="compact-sm" onClick={leaveThenSignOut} loading={isPending} className={classes.signOut}>
        Sign out
      </Button>
    </Group>
  );
}
