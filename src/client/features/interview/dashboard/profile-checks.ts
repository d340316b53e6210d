import { schemaResolver } from '@mantine/form';
import { interviewProfile, type InterviewProfile } from '../../../../shared/api/interview';

/*
 * The profile's checks: the route's own schema (full Zod), loaded apart from the page by
 * `loadProfileChecks` (profile-form.ts) so that the dashboard's first visit does not carry Zod
 * (decision 0023).
 */

export const validateProfile = schemaResolver(interviewProfile, { sync: true });

/** The values as the route reads them (text trimmed and the like), or an error if they are not valid. */
export function parseProfile(values: InterviewProfile): InterviewProfile {
  return interviewProfile.parse(values);
}
