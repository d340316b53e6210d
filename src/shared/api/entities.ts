import { z } from '../zod.js';

export const studentStatus = z.enum(['Activated', 'Deactivated']);
export type StudentStatus = z.infer<typeof studentStatus>;

export const student = z.object({
  id: z.number().int(),
  studentName: z.string(),
  course: z.string(),
  courseId: z.number().int(),
  mobileNumber: z.string(),
  status: studentStatus,
  createdAt: z.string(),
});
export type Student = z.infer<typeof student>;

export const course = z.object({
  id: z.number().int(),
  courseName: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Course = z.infer<typeof course>;
