import type { UseFormReturnType } from '@mantine/form';
import { interviewProfile, type InterviewProfile } from '../../../../shared/api/interview';

/* The interview profile's form, which every section of the dashboard edits (SPEC.md section 2 '/interview-dashboard'). */

export type ProfileForm = UseFormReturnType<InterviewProfile>;

/** "professionalExperience.2.toDate: must not be before fromDate" -> its path and problem. */
export function fieldErrorOf(message: string): { path: string; problem: string } | null {
  const match = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const top = match[1].split('.')[0] ?? '';
  if (!(top in interviewProfile.shape)) return null;
  return { path: match[1], problem: match[2] };
}
