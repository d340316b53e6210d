/*
 * A low-level learner (SST level 3, about IELTS 3.5): answers in the words of the NICT JLE corpus's
 * level 2-3 learners (short, broken, "i think", repeated words, Japanese place names, one-word
 * answers, "i dont know"), one list of recogniser finals per question. Keyed by the bank's question
 * text, so that each question drawn gets its answer. An empty list: the learner says nothing.
 */
import { CUE_CARDS, NAME_QUESTION, PART1_QUESTIONS, PART3_QUESTIONS } from '../../src/shared/speaking-test/questions.js';

export const LOW_LEVEL_PART1: Readonly<Record<string, readonly string[]>> = {
  [NAME_QUESTION]: ['my name is yuki tanaka'],
  'Do you work, or are you a student?': ['im student', 'i study interior design'],
  'What do you enjoy most about your studies or your work?': [],
  'Tell me about the town or city where you grew up.': ['i live in yaizu', 'yaizu is country very very country', 'small town'],
  'How do you usually get around your town?': ['bicycle', 'i go to school by bicycle'],
  'Do you enjoy travelling? Why, or why not?': ['i like traveling but i i dont traveling now'],
  'Where did you go on your last holiday?': ['shiga-kogen', 'nagano', 'its three years ago'],
  'Is there a country you would love to visit one day?': ['america', 'i want to go to america'],
  'What was your favourite subject at school?': ['english', 'i like english'],
  'Did you enjoy going to school when you were a child?': ['yes'],
  'Is there a new skill you would like to learn?': ['i dont know'],
  'Are you good at cooking?': ['my hobby is cooking', 'i i like to cook very much'],
  'Do you prefer to learn new things on your own or with other people?': ['with my friends'],
  'What is the most important festival in your country?': ['watashi wa omatsuri ga suki'],
  'How often do you listen to traditional music from your country?': ['no', 'i i like to listening music'],
};

/** Part 2, by cue card: short sentences on the card's topic, said with long silences between them. */
const PART2_TURNS: Readonly<Record<string, readonly string[]>> = {
  'Describe a journey you remember well.': ['journey', 'i go to nagano by train', 'with my family', 'three years ago', 'mountain is very beautiful', 'i remember because its snow', 'thats all'],
  'Describe a place in your country that you would recommend to visitors.': ['i recommend kyoto', 'kyoto is in kansai', 'there are many temple', 'visitors can see temple', 'and food is delicious', 'i i like kyoto', 'thats all'],
  'Describe a skill that took you a long time to learn.': ['skill', 'i i play piano', 'i start piano when i was six years old', 'my mother teach me', 'it is very difficult', 'because i practice every day but', 'i dont know'],
  'Describe a teacher who has influenced you.': ['my teacher is english teacher', 'her name is suzuki', 'she teach english in junior high school', 'she is very kind', 'i like english because of her', 'thats all'],
  'Describe a traditional celebration in your country.': ['new year is traditional celebration', 'in january', 'people go to shrine', 'and we eat osechi', 'its important for family', 'thats all'],
  'Describe something useful you learned outside school or university.': ['i learned cooking', 'my grandmother teach me', 'at her house', 'when i was ten years old', 'it is useful because i cook every day', 'thats all'],
};

export function lowLevelPart2(topic: string): readonly string[] {
  const turn = PART2_TURNS[topic];
  if (!turn) throw new Error(`low-level-learner.ts: no Part 2 for "${topic}"`);
  return turn;
}

export const LOW_LEVEL_PART3: Readonly<Record<string, readonly string[]>> = {
  'Why do you think so many people want to travel abroad these days?': ['i think they want to see another country'],
  'How has tourism changed the places people visit in your country?': ['i dont know'],
  'Do you think people will travel more or less in the future?': ['more', 'i think more travel'],
  'Some people say travelling alone teaches you more than travelling in a group. What is your view?': ['i think group is good', 'because its safe'],
  'Which skills do young people most need for the jobs of today?': ['computer'],
  'Is a practical skill better learned at school or in the workplace?': ['i think school'],
  'Why do some adults find it difficult to learn new skills?': ['i think they are busy'],
  'How has technology changed the way people learn new skills?': ['internet', 'they use internet'],
  'What, in your opinion, makes a good teacher?': ['kind', 'good teacher is kind'],
  'Should university education be free for everyone?': ['yes', 'because its very expensive'],
  'How is education in your country different from your parents’ generation?': ['i dont know'],
  'Will online learning ever replace learning in a classroom?': ['no', 'i think classroom is good'],
  'Why is it important for a country to keep its traditions alive?': [],
  'In what ways do festivals bring people together?': ['festival is very exciting', 'i think people happy'],
  'Is globalisation making cultures around the world more alike?': ['sorry', 'i dont know'],
};

// Every bank question has its answer (a new question in the bank must be given one here).
for (const question of [...PART1_QUESTIONS, ...PART3_QUESTIONS]) {
  if (!(question in LOW_LEVEL_PART1) && !(question in LOW_LEVEL_PART3)) throw new Error(`low-level-learner.ts: no answer for "${question}"`);
}
for (const card of CUE_CARDS) if (!(card.topic in PART2_TURNS)) throw new Error(`low-level-learner.ts: no Part 2 for "${card.topic}"`);
