import type { InterviewProfile } from '../api/interview.js';
import {
  INTERVIEW_MAX_QUESTIONS,
  QUESTION_STUDENT_NAME_MAX_LENGTH,
  type InterviewCategory,
} from './constants.js';
import { PROFILE_TEXT_LIMITS } from './profile-limits.js';
import { cleanDetail, joinList, listItems, mostRecentEntry, studentWords } from './profile-text.js';

/*
 * Question generation (spec sections 3 and 9): 5 fixed introduction questions, then the
 * conditional groups in a fixed order (experience 3, skills 2, core competence 2, first technical
 * skill 2, education 2, achievements 2), then 2 closing questions; cut to 20; ids from 1.
 * Every conditional question names the student's own detail, worded so that it reads as a human
 * interviewer would say it whatever the student typed: free text (core competence, a one-item
 * skills text, a technical skill, an achievement) is quoted as the student's words, a skills list
 * is joined with "and", a current job or course is asked about in the present tense, and no
 * question presumes a target role (the profile names none). Pure and deterministic.
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

/** The first entry whose text is not blank once `clean`ed, cleaned; '' when there is none. */
function firstNamed<T>(entries: readonly T[], text: (entry: T) => string, clean: (text: string) => string): string {
  for (const entry of entries) {
    const cleaned = clean(text(entry));
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
    { category: 'Motivation', question: 'What kind of work are you looking for, and what motivates you to do it?' },
    { category: 'Career Goals', question: 'Where do you see yourself in five years, and what are you doing to get there?' },
  ];
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function experienceQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const job = mostRecentEntry(profile.professionalExperience, (entry) => entry.companyName, PROFILE_TEXT_LIMITS.companyName);
  if (job) {
    const company = job.name;
    return [
      {
        category: 'Experience',
        question: job.current
          ? `Tell me about your work at ${company}. What are your main responsibilities there?`
          : `Tell me about your work at ${company}. What were your main responsibilities there?`,
      },
      { category: 'Projects', question: `Describe a project at ${company} that you are proud of. What was your part in it?` },
      { category: 'Pressure', question: `Tell me about a time at ${company} when you worked under pressure. How did you handle it?` },
    ];
  }
  if (profile.experienceYears <= 0) return [];
  const months = profile.experienceMonths > 0 ? ` and ${plural(profile.experienceMonths, 'month')}` : '';
  const duration = `${plural(profile.experienceYears, 'year')}${months}`;
  // Whether the student still works is unknown here, so the present perfect fits either case.
  return [
    { category: 'Experience', question: `You have ${duration} of work experience. What have your main responsibilities been?` },
    { category: 'Projects', question: `In your ${duration} of work, which project are you most proud of, and what was your part in it?` },
    { category: 'Pressure', question: `Tell me about a time in your ${duration} of work when you worked under pressure. How did you handle it?` },
  ];
}

function skillsQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const items = listItems(profile.skills, PROFILE_TEXT_LIMITS.skills);
  const [only] = items;
  if (only === undefined) return [];
  if (items.length === 1) {
    // One item may be a sentence ("i am good with people"), so it is quoted as the student's words.
    const quoted = `"${studentWords(only, PROFILE_TEXT_LIMITS.skills)}"`;
    return [
      { category: 'Skills', question: `You described your skills as ${quoted}. How have you put them to use in your work?` },
      { category: 'Learning', question: `Beyond ${quoted}, which new skill are you learning right now, and how are you going about it?` },
    ];
  }
  const skills = joinList(items);
  return [
    { category: 'Skills', question: `You listed these skills: ${skills}. Which of them is your strongest, and how have you used it?` },
    { category: 'Learning', question: `Beyond ${skills}, which new skill are you learning right now, and how are you going about it?` },
  ];
}

function coreCompetenceQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const competence = studentWords(profile.coreCompetence, PROFILE_TEXT_LIMITS.coreCompetence, true);
  if (!competence) return [];
  return [
    { category: 'Competence', question: `You described your core competence as "${competence}". Can you give an example of putting it to work?` },
    { category: 'Leadership', question: `How have you used your core competence, "${competence}", to lead or support a team?` },
  ];
}

function technicalSkillQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  // Quoted, not sentence-cased: a skill's own case ("npm", "jQuery") is kept.
  const skill = firstNamed(profile.technicalSkills, (entry) => entry.skill, (text) => studentWords(text, PROFILE_TEXT_LIMITS.skill));
  if (!skill) return [];
  return [
    { category: 'Technical', question: `You listed "${skill}" as a technical skill. How would you rate your knowledge of it, and how have you used it in your work?` },
    { category: 'Technical', question: `Describe a difficult problem you solved with your technical skill, "${skill}". What steps did you take?` },
  ];
}

function educationQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const school = mostRecentEntry(profile.education, (entry) => entry.institution, PROFILE_TEXT_LIMITS.institution);
  if (!school) return [];
  const institution = school.name;
  if (school.current) {
    return [
      { category: 'Education', question: `What are you studying at ${institution}, and how is it preparing you for the work you want to do?` },
      { category: 'Learning', question: `What is the most valuable lesson you have learned at ${institution} outside the classroom?` },
    ];
  }
  return [
    { category: 'Education', question: `What did you study at ${institution}, and how has it prepared you for the work you want to do?` },
    { category: 'Learning', question: `What was the most valuable lesson you learned at ${institution} outside the classroom?` },
  ];
}

function achievementQuestions(profile: QuestionSourceProfile): DraftQuestion[] {
  const achievement = firstNamed(profile.achievements, (entry) => entry.achievement, (text) => studentWords(text, PROFILE_TEXT_LIMITS.achievement, true));
  if (!achievement) return [];
  return [
    { category: 'Achievements', question: `You mentioned this achievement: "${achievement}". How did you accomplish it?` },
    { category: 'Success', question: `Looking back on "${achievement}", what did it teach you about success, and how do you measure success today?` },
  ];
}

const CLOSING_QUESTIONS: readonly DraftQuestion[] = [
  { category: 'Questions', question: 'Do you have any questions you would like to ask us?' },
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
