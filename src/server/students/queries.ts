import { eq } from 'drizzle-orm';
import type { Course, Student } from '../../shared/api/entities.js';
import type { Db } from '../db/open.js';
import { courses, students, type CourseRow, type StudentRow } from '../db/schema.js';

export function toCourseDto(row: CourseRow): Course {
  return {
    id: row.id,
    courseName: row.courseName,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toStudentDto(row: StudentRow, course: Pick<CourseRow, 'courseName'>): Student {
  return {
    id: row.id,
    studentName: row.studentName,
    course: course.courseName,
    courseId: row.courseId,
    mobileNumber: row.mobileNumber,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findStudentWithCourse(db: Db, studentId: number): Promise<{ student: StudentRow; course: CourseRow } | null> {
  const rows = await db
    .select({ student: students, course: courses })
    .from(students)
    .innerJoin(courses, eq(courses.id, students.courseId))
    .where(eq(students.id, studentId))
    .limit(1);
  return rows[0] ?? null;
}
