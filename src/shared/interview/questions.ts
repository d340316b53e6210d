import type { InterviewProfile } from '../api/interview.js';
import {
  INTERVIEW_MAX_QUESTIONS,
  PROFILE_TEXT_LIMITS,
  QUESTION_STUDENT_NAME_MAX_LENGTH,
  type InterviewCategory,
} from './constants.js';

/*
 * Question generation (spec sections 3 and 9): 5 fixed introduction questions, then the
 * conditional groups in a fixed order (experience 3, skills 2, core competence 2, first technical
 * skill 2, education 2, achievements 2), then 2 closing questions; cut to 20; ids from 1.
 * Every conditional question names the student's own detail. Pure and deterministic.
 */

export interface InterviewQuestion {
  /** Sequential from 1 in the order asked. */
  id: number;
  question: string;
  category: InterviewCategory;
}

/** A question before numbering. */
export interface DraftQuestion {
  question: string;
  category: InterviewCategory;
}

/** The parts of the profile that questions are built from. */
export type QuestionSourceProfile = Pick<
  InterviewProfile,
  'experienceYears' | 'experienceMonths' | 'coreCompetence' | 'skills' | 'professionalExperience' | 'education' | 'technicalSkills' | 'achievements'
>;

/**
 * Profile text as spoken inside a question: white space (line breaks too) collapsed, trimmed, cut
 * to `maxLength`, and trailing punctuation dropped so the sentence around it still reads. Blank
 * text gives ''.
 */
export function cleanDetail(text: string | null | undefined, maxLength: number): string {
  const collapsed = (text ?? '').replace(/\s+/g, ' ').trim();
  let cut = collapsed.slice(0, maxLength);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim().replace(/[\s.,;:!?-]+$/u, '');
}

interface DatedEntry {
  fromDate: string;
  toDate: string;
}

/**
 * The most recent of the entries whose `name` is not blank: an empty toDate means "present" and
 * ranks first; otherwise the later toDate, then the later fromDate; a tie keeps list order.
 * Dates are 'YYYY-MM-DD' or '', so comparing strings compares dates.
 */
export function mostRecentNamed<T extends DatedEntry>(entries: readonly T[], name: (entry: T) => string, maxLength: number): string {
  let best: { name: string; toKey: string; fromKey: string } | undefined;
  for (const entry of entries) {
    const cleaned = cleanDetail(name(entry), maxLength);
    if (!cleaned) continue;
    const toKey = entry.toDate === '' ? '\uffff' : entry.toDate;
    const fromKey = entry.fromDate;
    if (!best || toKey > best.toKey || (toKey === best.toKey && fromKey > best.fromKey)) {
      best = { name: cleaned, toKey, fromKey };
    }
  }
  return best?.name ?? '';
}

/** The first entry whose text is not blank, cleaned; '' when there is none. */
function firstNamed<T>(entries: readonly T[], name: (entry: T) => string, maxLength: number): string {
  for (const entry of entries) {
    const cleaned = cleanDetail(name(entry), maxLength);
    if (cleaned) return cleaned;
  }
  return '';
}

function introductionQuestions(studentName: string): DraftQuestion[] {
  const name = cleanDetail(studentName, QUESTION_STUDENT_NAME_MAX_LENGTH);
  return [
    { category: 'Introduction', question: name ? `${name}, please tell me about yourself.` : 'Please tell me about yourself.' },
    { category: 'Strengths', question: 'What would you say are your greatest strengths, and how have they helped you?' },
    { category: 'Weaknesses', question: 'What is one weakness you are working on, and what are you doing to improve it?' },
    { category: 'Motivation', question: 'Why are you interested in this role, and what motivates you in your work?' },
    { category: 'Career Goals', question: 'Where do you see yourself in five years, and how does this job fit into that plan?' },
  ];
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function experienceQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const company = mostRecentNamed(profile.professionalExperience, (entry) => entry.companyName, PROFILE_TEXT_LIMITS.companyName);
  if (company) {
    return [
      { category: 'Experience', question: `Tell me about your work at ${company}. What were your main responsibilities there?` },
      { category: 'Projects', question: `Describe a project at ${company} that you are proud of. What was your part in it?` },
      { category: 'Pressure', question: `Tell me about a time at ${company} when you worked under pressure. How did you handle it?` },
    ];
  }
  if (profile.experienceYears <= 0) return [];
  const months = profile.experienceMonths > 0 ? ` and ${plural(profile.experienceMonths, 'month')}` : '';
  const duration = `${plural(profile.experienceYears, 'year')}${months}`;
  return [
    { category: 'Experience', question: `You have ${duration} of work experience. What were your main responsibilities?` },
    { category: 'Projects', question: `In your ${duration} of work, which project are you most proud of, and what was your part in it?` },
    { category: 'Pressure', question: `During your ${duration} of work, when did you have to work under pressure? How did you handle it?` },
  ];
}

function skillsQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const skills = cleanDetail(profile.skills, PROFILE_TEXT_LIMITS.skills);
  if (!skills) return [];
  return [
    { category: 'Skills', question: `You listed these skills: ${skills}. Which of them is your strongest, and how have you used it?` },
    { category: 'Learning', question: `Beyond ${skills}, which skill are you learning right now, and how are you going about it?` },
  ];
}

function coreCompetenceQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const competence = cleanDetail(profile.coreCompetence, PROFILE_TEXT_LIMITS.coreCompetence);
  if (!competence) return [];
  return [
    { category: 'Competence', question: `Your core competence is ${competence}. Can you give an example of putting it to work?` },
    { category: 'Leadership', question: `How have you used your competence in ${competence} to lead or support a team?` },
  ];
}

function technicalSkillQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const skill = firstNamed(profile.technicalSkills, (entry) => entry.skill, PROFILE_TEXT_LIMITS.skill);
  if (!skill) return [];
  return [
    { category: 'Technical', question: `How would you rate your knowledge of ${skill}, and what have you built or done with it?` },
    { category: 'Technical', question: `Describe a difficult problem you solved using ${skill}. What steps did you take?` },
  ];
}

function educationQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const institution = mostRecentNamed(profile.education, (entry) => entry.institution, PROFILE_TEXT_LIMITS.institution);
  if (!institution) return [];
  return [
    { category: 'Education', question: `What did you study at ${institution}, and how has it prepared you for this role?` },
    { category: 'Learning', question: `What was the most valuable lesson you learned at ${institution} outside the classroom?` },
  ];
}

function achievementQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const achievement = firstNamed(profile.achievements, (entry) => entry.achievement, PROFILE_TEXT_LIMITS.achievement);
  if (!achievement) return [];
  return [
    { category: 'Achievements', question: `You mentioned this achievement: "${achievement}". How did you accomplish it?` },
    { category: 'Success', question: `Looking back on "${achievement}", what did it teach you about success, and how do you measure success today?` },
  ];
}

const CLOSING_QUESTIONS: readonly DraftQuestion[] = [
  { category: 'Questions', question: 'Do you have any questions for us about the role or the company?' },
  { category: 'Closing', question: 'Is there anything else you would like us to know about you before we finish?' },
];

/**
 * Cuts a question list to `max` (spec: "list cut to 20"), keeping the closing questions last: the
 * body loses its tail first, so the interview always ends with the closing questions. With today's
 * groups the list is at most 20 and nothing is cut.
 */
export function cutQuestions<T>(body: readonly T[], closing: readonly T[], max: number = INTERVIEW_MAX_QUESTIONS): T[] {
  const keptClosing = closing.slice(0, Math.max(0, max));
  return [...body.slice(0, Math.max(0, max - keptClosing.length)), ...keptClosing];
}

/** Numbers questions 1, 2, 3, ... in order. */
export function numberQuestions(drafts: readonly DraftQuestion[]): InterviewQuestion[] {
  return drafts.map((draft, index) => ({ id: index + 1, question: draft.question, category: draft.category }));
}

/**
 * The interview's questions for a profile. Blank or white-space-only fields count as absent; the
 * experience group needs experienceYears > 0 or an experience entry with a company name (months
 * alone do not count: the spec's condition names years and entries only).
 */
export function generateInterviewQuestions(profile: QuestionSourceProfile, studentName: string): InterviewQuestion[] {
  const body = [
    ...introductionQuestions(studentName),
    ...experienceQuestions(profile),
    ...skillsQuestions(profile),
    ...coreCompetenceQuestions(profile),
    ...technicalSkillQuestions(profile),
    ...educationQuestions(profile),
    ...achievementQuestions(profile),
  ];
  return numberQuestions(cutQuestions(body, CLOSING_QUESTIONS));
}
