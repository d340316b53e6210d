import type { InterviewProfile } from '../../../../shared/api/interview';
import type { ProfileFormState } from './use-profile-form';

/* The interview profile's form, which every section of the dashboard edits (SPEC.md section 2 '/interview-dashboard'). */

export type ProfileForm = ProfileFormState<InterviewProfile>;

/** The profile's top-level fields (every one, and no other: the type says so). */
const PROFILE_FIELDS: Record<keyof InterviewProfile, true> = {
  professionalSummary: true,
  experienceYears: true,
  experienceMonths: true,
  profile: true,
  coreCompetence: true,
  skills: true,
  professionalExperience: true,
  education: true,
  certifications: true,
  technicalSkills: true,
  achievements: true,
};

/** "professionalExperience.2.toDate: must not be before the From date" -> its path and problem. */
export function fieldErrorOf(message: string): { path: string; problem: string } | null {
  const match = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const top = match[1].split('.')[0] ?? '';
  if (!Object.hasOwn(PROFILE_FIELDS, top)) return null;
  return { path: match[1], problem: match[2] };
}

type ProfileChecks = typeof import('./profile-checks');

let checks: ProfileChecks | undefined;
let loading: Promise<ProfileChecks | undefined> | undefined;

/**
 * Loads the profile's checks (Zod and the schema) once; the form starts this on the student's first
 * touch of it (focus, pointer or input: a first visit that only looks does not download Zod), and a
 * save waits for it. Settles with undefined if they cannot load (a dropped connection): the save
 * then sends the values as they are and the server, which always validates, answers with the same
 * sentences.
 */
export function loadProfileChecks(): Promise<ProfileChecks | undefined> {
  loading ??= import('./profile-checks').then(
    (loaded) => (checks = loaded),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

/** The checks if they have loaded. */
export function profileChecks(): ProfileChecks | undefined {
  return checks;
}
