import { questionKey, type SchoolQuestion } from './school-questions.js';

/*
 * The question bank (spec section 3: 15 Part 1 questions, 6 cue cards, 15 Part 3 questions on
 * travel, skills, education and culture) and the selection of one test's questions (section 5).
 */

export interface CueCard {
  /** "Describe a …" */
  topic: string;
  /** What the candidate should say; the last one starts "and explain". */
  bullets: readonly string[];
}

export interface QuestionSet {
  part1: string[];
  /** One card; a list because the spec's question set holds a list. */
  part2: CueCard[];
  part3: string[];
}

export const NAME_QUESTION = 'What is your name?';

export const PART1_QUESTIONS: readonly string[] = [
  NAME_QUESTION,
  'Do you work, or are you a student?',
  'What do you enjoy most about your studies or your work?',
  'Tell me about the town or city where you grew up.',
  'How do you usually get around your town?',
  'Do you enjoy travelling? Why, or why not?',
  'Where did you go on your last holiday?',
  'Is there a country you would love to visit one day?',
  'What was your favourite subject at school?',
  'Did you enjoy going to school when you were a child?',
  'Is there a new skill you would like to learn?',
  'Are you good at cooking?',
  'Do you prefer to learn new things on your own or with other people?',
  'What is the most important festival in your country?',
  'How often do you listen to traditional music from your country?',
];

export const CUE_CARDS: readonly CueCard[] = [
  {
    topic: 'Describe a journey you remember well.',
    bullets: ['where you went', 'how you travelled', 'who you went with', 'and explain why you remember this journey so well.'],
  },
  {
    topic: 'Describe a place in your country that you would recommend to visitors.',
    bullets: ['where it is', 'how you know about it', 'what visitors can do there', 'and explain why you would recommend it.'],
  },
  {
    topic: 'Describe a skill that took you a long time to learn.',
    bullets: ['what the skill is', 'when you started learning it', 'how you learned it', 'and explain why it took you so long.'],
  },
  {
    topic: 'Describe a teacher who has influenced you.',
    bullets: ['who this teacher was', 'what subject they taught you', 'what was special about them', 'and explain how they influenced you.'],
  },
  {
    topic: 'Describe a traditional celebration in your country.',
    bullets: ['when it takes place', 'what people do during it', 'and explain why it is important to the people who celebrate it.'],
  },
  {
    topic: 'Describe something useful you learned outside school or university.',
    bullets: ['what you learned', 'when and where you learned it', 'who helped you learn it', 'and explain why it has been useful to you.'],
  },
];

/** The bank's four themes (spec section 3): each cue card's and each Part 3 question's. */
export type BankTheme = 'travel' | 'skills' | 'education' | 'culture';

/** Each bank cue card's theme, by its topic. A school's own cue card has none. */
export const CUE_CARD_THEMES: Readonly<Record<string, BankTheme>> = {
  'Describe a journey you remember well.': 'travel',
  'Describe a place in your country that you would recommend to visitors.': 'travel',
  'Describe a skill that took you a long time to learn.': 'skills',
  'Describe a teacher who has influenced you.': 'education',
  'Describe a traditional celebration in your country.': 'culture',
  'Describe something useful you learned outside school or university.': 'skills',
};

/** The bank's Part 3 questions by theme. */
export const PART3_QUESTIONS_BY_THEME: Readonly<Record<BankTheme, readonly string[]>> = {
  travel: [
    'Why do you think so many people want to travel abroad these days?',
    'How has tourism changed the places people visit in your country?',
    'Do you think people will travel more or less in the future?',
    'Some people say travelling alone teaches you more than travelling in a group. What is your view?',
  ],
  skills: [
    'Which skills do young people most need for the jobs of today?',
    'Is a practical skill better learned at school or in the workplace?',
    'Why do some adults find it difficult to learn new skills?',
    'How has technology changed the way people learn new skills?',
  ],
  education: [
    'What, in your opinion, makes a good teacher?',
    'Should university education be free for everyone?',
    'How is education in your country different from your parents’ generation?',
    'Will online learning ever replace learning in a classroom?',
  ],
  culture: [
    'Why is it important for a country to keep its traditions alive?',
    'In what ways do festivals bring people together?',
    'Is globalisation making cultures around the world more alike?',
  ],
};

export const PART3_QUESTIONS: readonly string[] = Object.values(PART3_QUESTIONS_BY_THEME).flat();

export const PART1_QUESTION_COUNT = 10;
export const PART2_CUE_CARD_COUNT = 1;
export const PART3_QUESTION_COUNT = 10;

/**
 * A shuffled copy (Fisher–Yates). `random` returns numbers in [0, 1), like Math.random; a value
 * of 1 or more is treated as just under 1.
 */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1, random);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * One test's questions: Part 1 is the name question then 9 of the others in random order; Part 2
 * one random cue card; Part 3 10 in random order, except that it opens with every Part 3 question of
 * the cue card's theme, as an examiner's Part 3 develops the Part 2 topic (a school's own cue card has
 * no theme: then all 10 are in random order). "The others" are the bank's plus the school's active
 * questions of that part (`school`; a retired one, or one whose text is already in the bank, is never
 * drawn). Randomness is drawn in that order, so a seeded `random` always gives the same set for the
 * same school questions, and without any the same set as the bank alone.
 */
export function selectQuestionSet(random: () => number, school: readonly SchoolQuestion[] = []): QuestionSet {
  const own = drawable(school);
  const otherPart1 = [...PART1_QUESTIONS.filter((question) => question !== NAME_QUESTION), ...own.filter((q) => q.part === 1).map((q) => q.text)];
  const part1 = [NAME_QUESTION, ...shuffle(otherPart1, random).slice(0, PART1_QUESTION_COUNT - 1)];
  const cards = [...CUE_CARDS, ...own.filter((q) => q.part === 2).map(cueCardOf)];
  const card = cards[randomIndex(cards.length, random)] as CueCard;
  const shuffled = shuffle([...PART3_QUESTIONS, ...own.filter((q) => q.part === 3).map((q) => q.text)], random);
  const theme = Object.hasOwn(CUE_CARD_THEMES, card.topic) ? CUE_CARD_THEMES[card.topic] : undefined;
  const linked = new Set(theme === undefined ? [] : PART3_QUESTIONS_BY_THEME[theme]);
  const part3 = [...shuffled.filter((q) => linked.has(q)), ...shuffled.filter((q) => !linked.has(q))].slice(0, PART3_QUESTION_COUNT);
  return { part1, part2: [card], part3 };
}

/** A school cue card as the test shows it. */
export function cueCardOf(question: Pick<SchoolQuestion, 'text' | 'bullets'>): CueCard {
  return { topic: question.text.trim(), bullets: [...question.bullets] };
}

/** The school's questions a test may ask: not retired, not empty, none twice, none the bank already has. */
function drawable(school: readonly SchoolQuestion[]): SchoolQuestion[] {
  const seen = new Set([...PART1_QUESTIONS, ...PART3_QUESTIONS, ...CUE_CARDS.map((card) => card.topic)].map(questionKey));
  const result: SchoolQuestion[] = [];
  for (const question of school) {
    const key = questionKey(question.text);
    if (question.retired === true || key === '' || seen.has(key)) continue;
    seen.add(key);
    result.push({ ...question, text: question.text.trim() });
  }
  return result;
}

function randomIndex(length: number, random: () => number): number {
  return Math.min(length - 1, Math.floor(random() * length));
}
