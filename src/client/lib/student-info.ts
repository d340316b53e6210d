/** The student a test is being taken for, kept for this browser tab only (spec: "stored for the session"). */
export interface StudentInfo {
  id: number;
  studentName: string;
}

const KEY = 'parley.studentInfo';

export function saveStudentInfo(info: StudentInfo): void {
  sessionStorage.setItem(KEY, JSON.stringify(info));
}

export function readStudentInfo(): StudentInfo | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StudentInfo>;
    return typeof parsed.id === 'number' && typeof parsed.studentName === 'string' ? { id: parsed.id, studentName: parsed.studentName } : null;
  } catch {
    return null;
  }
}

export function clearStudentInfo(): void {
  sessionStorage.removeItem(KEY);
}
