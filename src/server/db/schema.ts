import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Everyone who signs in: admins (teachers) and students. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Sign-in name, stored lower-case. Students may have none and sign in by mobile number. */
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    email: text('email'),
    /** A one-time password mailed by forgot-password: its hash and expiry. */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    /** Set after signing in with a temporary password: the user must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    courseName: text('course_name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('courses_name_unique').on(sql`lower(${t.courseName})`)],
);

export const studentStatuses = ['Activated', 'Deactivated'] as const;

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** Normalised mobile number (digits, with a leading + when international). */
    mobileNumber: text('mobile_number').notNull(),
    status: text('status', { enum: studentStatuses }).notNull().default('Activated'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('students_user_unique').on(t.userId),
    uniqueIndex('students_mobile_unique').on(t.mobileNumber),
    index('students_course_idx').on(t.courseId),
    index('students_created_idx').on(t.createdAt),
    check('students_status_check', sql`${t.status} in ('Activated', 'Deactivated')`),
  ],
);

/** Signed-in sessions. Only a SHA-256 hash of the cookie token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** On a teacher's session: the student whose test is being taken on this device. */
    actingStudentId: integer('acting_student_id').references(() => students.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_unique').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
