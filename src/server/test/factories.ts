import { eq } from 'drizzle-orm';
import { COURSE_IELTS, SEEDED_COURSES } from '../../shared/courses.js';
import { parseMobileNumber } from '../../shared/phone.js';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from '../db/open.js';
import { courses, schoolQuestions, students, users, type CourseRow, type SchoolQuestionRow, type StudentRow, type UserRow } from '../db/schema.js';
import { seedCourses } from '../db/seed.js';
import { invalidateReadCaches } from '../db/read-cache.js';

export const DEFAULT_TEST_PASSWORD = 'correct-horse-42';

// scrypt costs 100-200 ms on a small machine: hash each test password once per test file.
const hashes = new Map<string, Promise<string>>();
function testHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export async function seededCourse(db: Db, courseName: string = COURSE_IELTS): Promise<CourseRow> {
  await seedCourses(db);
  const [row] = await db.select().from(courses).where(eq(courses.courseName, courseName));
  if (row) return row;
  return createCourse(db, { courseName });
}

export async function createCourse(db: Db, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<CourseRow> {
  const [row] = await db
    .insert(courses)
    .values({ courseName: `Course ${next()}`, description: null, isActive: true, ...overrides })
    .returning();
  if (!row) throw new Error('course not inserted');
  return row;
}

export interface CreatedAdmin {
  user: UserRow;
  username: string;
  password: string;
}

export async function createAdmin(
  db: Db,
  overrides: { username?: string; password?: string; email?: string | null } = {},
): Promise<CreatedAdmin> {
  const username = (overrides.username ?? `teacher${next()}`).toLowerCase();
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await testHash(password), isAdmin: true, email: overrides.email ?? null })
    .returning();
  if (!user) throw new Error('admin not inserted');
  return { user, username, password };
}

export interface CreatedStudent {
  user: UserRow;
  student: StudentRow;
  course: CourseRow;
  /** What the student types to sign in: the mobile number as entered. */
  mobileNumber: string;
  password: string;
}

/** The region test apps run with (DEFAULT_PHONE_REGION's default): factory numbers are read in it. */
export const TEST_PHONE_REGION = 'IN';

/** The E.164 form the app stores; a test that passes a number the app would refuse fails here. */
export function storedMobileNumber(typed: string): string {
  const stored = parseMobileNumber(typed, TEST_PHONE_REGION);
  if (!stored) throw new Error(`${typed} is not a valid mobile number in ${TEST_PHONE_REGION}`);
  return stored;
}

export async function createStudent(
  db: Db,
  overrides: {
    studentName?: string;
    courseName?: string;
    /** As the student would type it; stored in E.164 form, read in TEST_PHONE_REGION. Default: a valid Indian mobile. */
    mobileNumber?: string;
    username?: string | null;
    password?: string;
    email?: string | null;
    status?: 'Activated' | 'Deactivated';
  } = {},
): Promise<CreatedStudent> {
  const n = next();
  const course = await seededCourse(db, overrides.courseName ?? (SEEDED_COURSES[0].courseName as string));
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  const mobileNumber = overrides.mobileNumber ?? `98${String(n).padStart(8, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      username: overrides.username ? overrides.username.toLowerCase() : null,
      passwordHash: await testHash(password),
      isAdmin: false,
      email: overrides.email ?? null,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  const [student] = await db
    .insert(students)
    .values({
      userId: user.id,
      studentName: overrides.studentName ?? `Student ${n}`,
      courseId: course.id,
      mobileNumber: storedMobileNumber(mobileNumber),
      status: overrides.status ?? 'Activated',
    })
    .returning();
  if (!student) throw new Error('student not inserted');
  // Stands for a write through the app: the list totals cached for this database are cleared.
  invalidateReadCaches(db);
  return { user, student, course, mobileNumber, password };
}

let schoolQuestionCount = 0;

/** A school's own Part 1 question (a different text each call), active unless told. */
export async function createSchoolQuestion(db: Db, overrides: Partial<typeof schoolQuestions.$inferInsert> = {}): Promise<SchoolQuestionRow> {
  schoolQuestionCount += 1;
  const [row] = await db
    .insert(schoolQuestions)
    .values({ part: 1, text: `Do you like school question number ${schoolQuestionCount}?`, topicWords: ['like', 'school'], ...overrides })
    .returning();
  if (!row) throw new Error('school question not inserted');
  return row;
}
