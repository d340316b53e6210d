/*
 * The interview profile's limits and empty-list texts (spec sections 2, 5 and 9): what the Interview
 * Dashboard's fields allow and what the server accepts. Apart from the simulator's constants
 * (constants.ts), so the dashboard's first visit does not carry the interview session's texts and timings.
 */

/** Longest text per profile field, in UTF-16 code units (what a text box's maxLength and `.length` count). */
export const PROFILE_TEXT_LIMITS = {
  professionalSummary: 500,
  profile: 100,
  coreCompetence: 100,
  skills: 200,
  companyName: 100,
  institution: 100,
  certification: 100,
  skill: 100,
  achievement: 100,
} as const;
/** Entries per profile list; 'Add More' is disabled at this count. */
export const PROFILE_LIST_MAX_ENTRIES = 10;
export const EXPERIENCE_YEARS_MIN = 0;
export const EXPERIENCE_YEARS_MAX = 99;
export const EXPERIENCE_MONTHS_MIN = 0;
export const EXPERIENCE_MONTHS_MAX = 11;

/** Empty-list messages on the Interview Dashboard (spec section 2). */
export const PROFILE_EMPTY_LIST_MESSAGES = {
  professionalExperience: 'No professional experience added yet.',
  education: 'No education added yet.',
  certifications: 'No certifications added yet.',
  technicalSkills: 'No technical skills added yet.',
  achievements: 'No achievements added yet.',
} as const;

/** Earliest and latest profile dates accepted (ours: keeps typing slips like 0202 or 20255 out). */
export const PROFILE_DATE_MIN = '1900-01-01';
export const PROFILE_DATE_MAX = '2100-12-31';
