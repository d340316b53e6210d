/*
 * What the scripted recognizer says in the e2e's whole speaking tests: answers on the question's
 * topic, so that none is judged off-topic unless a test means it to be.
 */

/** Part 1, questions 2-10 (question 1 asks the name; each test says its own name line). */
export const PART1_LATER_ANSWERS: readonly string[] = [
  'I work in a bank in the city centre and I enjoy helping customers every day',
  'In my free time I read novels and I go cycling early in the morning with friends',
  'I prefer mornings because the streets are calm and I can think clearly before work',
  'My favourite food is my grandmother’s lentil soup with fresh bread and rice',
  'I usually travel by bus but sometimes my father drives me to the office',
  'I would like to visit Japan because the culture and the food fascinate me',
  'I use my phone mostly for messages music and online lectures in the evening',
  'Last weekend I helped my cousin move into a new flat across the city',
  'I think my neighbourhood is friendly because people greet each other every morning',
];

/** Part 2: two sentences about the usual cue card (a journey). */
export const PART2_SENTENCES: readonly string[] = [
  'I would like to describe a journey to the mountains that I took with my family two years ago',
  'We travelled by train for almost twelve hours and the views from the window were beautiful',
];

/** Part 3, questions 1-10. */
export const PART3_ANSWERS: readonly string[] = [
  'I think travelling teaches young people to be independent and patient',
  'Schools should teach practical skills such as managing money and cooking',
  'Technology has changed education because students can learn from anywhere now',
  'Traditional culture matters because it connects generations and gives people identity',
  'Employers value communication skills more than many graduates realise',
  'Tourism brings money to small towns but it can also damage the environment',
  'Online learning is convenient although it is harder to stay motivated alone',
  'Festivals help people from different backgrounds understand each other better',
  'Young people learn new skills faster because they are curious and not afraid to fail',
  'Governments should invest in public libraries and free courses for adults',
];
