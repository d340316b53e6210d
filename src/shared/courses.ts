/** Course names that decide where a student is sent after signing in (spec section 9). */
export const COURSE_IELTS = 'IELTS';
export const COURSE_INTERVIEW = 'Interview Aspirant';
export const COURSE_SPEAKING_LEVEL_3 = 'Speaking Level 3';

export const SEEDED_COURSES = [
  { courseName: COURSE_IELTS, description: 'Three-part simulated IELTS Speaking test with estimated band scores.' },
  { courseName: COURSE_INTERVIEW, description: 'Mock job interview built from the student\'s professional profile.' },
  { courseName: COURSE_SPEAKING_LEVEL_3, description: 'Speaking Level 3 (coming soon).' },
] as const;

/** Where the student dashboard sends a student of this course. Unknown courses fall back to the test. */
export function routeForCourse(courseName: string | null | undefined): string {
  switch (courseName) {
    case COURSE_INTERVIEW:
      return '/interview-dashboard';
    case COURSE_SPEAKING_LEVEL_3:
      return '/under-construction';
    case COURSE_IELTS:
    default:
      return '/test';
  }
}

/** The courses whose exact name decides where their students go after signing in. */
export const ROUTING_COURSE_NAMES: readonly string[] = [COURSE_IELTS, COURSE_INTERVIEW, COURSE_SPEAKING_LEVEL_3];

export function isRoutingCourseName(courseName: string): boolean {
  return ROUTING_COURSE_NAMES.includes(courseName);
}

/** Where a route from `routeForCourse` leads, in words, for notes and messages. */
export function destinationLabel(courseName: string): string {
  switch (routeForCourse(courseName)) {
    case '/interview-dashboard':
      return 'the interview dashboard';
    case '/under-construction':
      return 'the under-construction page';
    default:
      return 'the speaking test';
  }
}
