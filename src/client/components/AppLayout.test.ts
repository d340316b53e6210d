import { describe, expect, it } from 'vitest';
import { FOOTER_NOTE, footerNoteFor, INTERVIEW_FOOTER_NOTE, PROGRESS_FOOTER_NOTE, TEACHER_FOOTER_NOTE } from './AppLayout';

describe('footerNoteFor', () => {
  it("gives the teachers' console its note, but not a student who opened /admin (the Access Denied panel)", () => {
    expect(footerNoteFor('/admin', 'teacher')).toBe(TEACHER_FOOTER_NOTE);
    expect(footerNoteFor('/admin/attempts/42', 'teacher')).toBe(TEACHER_FOOTER_NOTE);
    // The frame drawn before the app knows who is signed in is the teacher's: only a teacher is sent it.
    expect(footerNoteFor('/admin')).toBe(TEACHER_FOOTER_NOTE);
    expect(footerNoteFor('/admin', 'student')).toBe(PROGRESS_FOOTER_NOTE);
    expect(footerNoteFor('/admin', 'student')).not.toContain('teachers');
  });

  it("keeps each student page's own note whoever reads it", () => {
    for (const reader of ['teacher', 'student', undefined] as const) {
      expect(footerNoteFor('/test', reader)).toBe(FOOTER_NOTE);
      expect(footerNoteFor('/interview-dashboard', reader)).toBe(INTERVIEW_FOOTER_NOTE);
      expect(footerNoteFor('/progress/attempts/1', reader)).toBe(PROGRESS_FOOTER_NOTE);
    }
  });
});
