import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { FILLERS_ONLY_REASON, judgeAnswers, nonFillerWords, offTopicReason, REPETITION_REASON, topicMatch, WORD_LIST_REASON } from './non-answers.js';
import { CUE_CARDS, NAME_QUESTION, PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';
import { scoreSpeakingTest } from './scoring.js';
import { CUE_CARD_TOPIC_WORDS, QUESTION_TOPIC_WORDS } from './topics.js';

function answer(part: 1 | 2 | 3, questionNumber: number, question: string, text: string): SpeakingTestAnswer {
  return { part, questionNumber, question, answer: text, responseTimeMs: 1200, speakingTimeMs: part === 2 ? 90_000 : 12_000 };
}

const card = (topic: string) => {
  const found = CUE_CARDS.find((c) => c.topic === topic);
  if (!found) throw new Error(`no card ${topic}`);
  return found;
};

/** A whole test (10 + 1 + 10 answers) with the same text for every answer. */
function sameForEvery(text: string): SpeakingTestAnswer[] {
  return [
    ...PART1_QUESTIONS.slice(0, 10).map((q, i) => answer(1, i + 1, q, text)),
    answer(2, 1, CUE_CARDS[0]?.topic ?? '', text),
    ...PART3_QUESTIONS.slice(0, 10).map((q, i) => answer(3, i + 1, q, text)),
  ];
}

/** Realistic answers to every question of the bank, several with synonyms rather than the question's words. */
const GENUINE_PART1: Record<string, string> = {
  [NAME_QUESTION]: 'I am Asha Verma, but everyone calls me Ash.',
  'Do you work, or are you a student?': "I'm in my second year of engineering at a college in Pune.",
  'What do you enjoy most about your studies or your work?': 'Working on projects with my classmates, because we solve real problems together.',
  'Tell me about the town or city where you grew up.': 'I was born in a small place near Nashik. It is quiet and green, and everyone knows their neighbours.',
  'How do you usually get around your town?': 'Mostly I take the metro, and sometimes my father drops me on his scooter.',
  'Do you enjoy travelling? Why, or why not?': 'Yes, I love seeing new places and trying the local food when I go somewhere.',
  'Where did you go on your last holiday?': 'Last December we went to Goa with my cousins and stayed near the sea for four days.',
  'Is there a country you would love to visit one day?': 'I would really like to go to Japan because of its temples and the cherry blossom.',
  'What was your favourite subject at school?': 'I liked chemistry most, because the experiments in the lab were exciting.',
  'Did you enjoy going to school when you were a child?': 'Yes, mostly, because I met my best friends there and we played cricket every break.',
  'Is there a new skill you would like to learn?': 'I want to play the guitar, because music helps me relax after a long day.',
  'Are you good at cooking?': 'Not really. I can make rice and dal, but my mother does most of it at home.',
  'Do you prefer to learn new things on your own or with other people?': 'I prefer to study alone first, then discuss the difficult parts with friends.',
  'What is the most important festival in your country?': 'Diwali, I think. Families light lamps, share sweets and visit relatives.',
  'How often do you listen to traditional music from your country?': 'Not very often, maybe once a week when my grandfather plays old folk songs on the radio.',
};

const GENUINE_PART3: Record<string, string> = {
  'Why do you think so many people want to travel abroad these days?': 'Flights are cheaper now, and social media shows people beautiful places they want to see for themselves.',
  'How has tourism changed the places people visit in your country?': 'Hill stations now have many hotels and shops, which brings money but also more rubbish and traffic.',
  'Do you think people will travel more or less in the future?': 'Probably more, because incomes are rising, although climate worries may make some people fly less.',
  'Some people say travelling alone teaches you more than travelling in a group. What is your view?': 'I partly agree. On your own you have to make every decision yourself, and that builds confidence.',
  'Which skills do young people most need for the jobs of today?': 'Communication and computer skills, because almost every company now expects them from graduates.',
  'Is a practical skill better learned at school or in the workplace?': 'At work, I believe, because you get hands-on experience with real customers and real deadlines.',
  'Why do some adults find it difficult to learn new skills?': 'They are busy with their jobs and families, and they are often afraid of making mistakes in front of others.',
  'How has technology changed the way people learn new skills?': 'Now anyone can watch a video on YouTube and pick up something like photography at home, for free.',
  'What, in your opinion, makes a good teacher?': 'Patience, mainly, and the ability to explain difficult ideas in a simple way.',
  'Should university education be free for everyone?': 'I think it should be cheaper, because talented students from poor families cannot pay high fees.',
  'How is education in your country different from your parents’ generation?': 'My parents memorised everything from textbooks, but we use computers and do projects.',
  'Will online learning ever replace learning in a classroom?': 'I doubt it. Classes on Zoom are convenient, but students miss talking to each other face to face.',
  'Why is it important for a country to keep its traditions alive?': 'They give people a sense of identity and connect young people to their grandparents.',
  'In what ways do festivals bring people together?': 'During Eid our neighbours of every religion come to eat with us, so people get to know each other.',
  'Is globalisation making cultures around the world more alike?': 'In some ways yes: young people everywhere wear the same brands and watch the same films.',
};

const GENUINE_PART2: Record<string, string> = {
  'Describe a journey you remember well.':
    'I would like to talk about a trip to Shimla that I took with my family two years ago. We went by overnight bus from Delhi and then a small toy train up the hills. The views of the valleys were amazing, and I remember it well because it was the first time I saw snow.',
  'Describe a place in your country that you would recommend to visitors.':
    'I would suggest Hampi in Karnataka. I read about it in a history book and then went there with my college friends. Visitors can explore the ruins of old temples, hire bicycles and watch the sunset from a hill. I recommend it because it is peaceful and full of stories.',
  'Describe a skill that took you a long time to learn.':
    'Swimming took me ages. I started when I was twelve at a public pool near my house, but I was scared of deep water. My uncle practised with me every Sunday for almost two years, and it took so long because I panicked whenever my feet could not touch the bottom.',
  'Describe a teacher who has influenced you.':
    'I want to talk about Mrs Kulkarni, who taught me English in grade nine. She was special because she made us read a novel every month and discuss it in class. She encouraged me to enter a debate competition, and because of her I became confident about speaking in public.',
  'Describe a traditional celebration in your country.':
    'Pongal is a harvest festival in Tamil Nadu that takes place in the middle of January. People cook sweet rice in new clay pots, decorate their houses with kolam patterns and thank the sun and the cattle. It matters because it is a way of thanking nature for a good harvest.',
  'Describe something useful you learned outside school or university.':
    'My grandmother showed me how to manage a monthly budget when I was sixteen. She gave me the household money and a notebook, and I wrote down every expense. It has been useful because now I live in a hostel and I never run out of money before the month ends.',
};

describe('fillers only', () => {
  it.each([
    ['um uh like you know I uh like it um'],
    ['Um... uh... er'],
    ['uh, um, well, so, like'],
    ['um, yes'],
  ])('flags %j', (text) => {
    const { nonAnswers, counted } = judgeAnswers([answer(1, 2, PART1_QUESTIONS[1] ?? '', text)]);
    expect(counted).toEqual([]);
    expect(nonAnswers).toEqual([{ part: 1, questionNumber: 2, kind: 'fillers-only', reason: FILLERS_ONLY_REASON, wordCount: expect.any(Number) }]);
  });

  it.each([['Yes.'], ['No, I don’t.'], ['Well, I like it.'], ['So, yes, I do.'], ['Um, I do.']])('keeps a short real answer %j', (text) => {
    expect(judgeAnswers([answer(1, 12, 'Are you good at cooking?', text)]).nonAnswers).toEqual([]);
  });

  it('counts the words that are not fillers', () => {
    expect(nonFillerWords('um uh like you know I uh like it um')).toEqual(['i', 'it']);
    expect(nonFillerWords('I like reading, you know')).toEqual(['i', 'like', 'reading']);
  });

  it('gives a whole test of fillers no band at all, so no Grammar band from its sentence counts (was overall 6.0, Grammar 7.5)', () => {
    const result = scoreSpeakingTest(sameForEvery('um uh like you know I uh like it um'));
    expect(result.assessable).toBe(false);
    expect(result).not.toHaveProperty('bands');
    expect(result).not.toHaveProperty('criteria');
    expect(result.metrics).toMatchObject({ wordCount: 0, sentenceCount: 0, avgWordsPerSentence: 0 });
    expect(result.nonAnswers).toHaveLength(21);
    expect(result.nonAnswers.every((item) => item.kind === 'fillers-only')).toBe(true);
    if (result.assessable) throw new Error('expected no band');
    expect(result.reason).toBe(
      'Most answers were filler words, so no band is estimated: no words of real answers remain, and a band estimate needs at least 50 words. Answer each question in your own words, then take the test again.',
    );
  });

  it('leaves filler-only answers out of the figures of a test that is otherwise scored', () => {
    const genuine = Object.entries(GENUINE_PART3).map(([q, text], i) => answer(3, i + 1, q, text));
    const withFillers = [answer(1, 2, PART1_QUESTIONS[1] ?? '', 'um uh like you know I uh like it um'), ...genuine];
    const alone = scoreSpeakingTest(genuine.map((a) => ({ ...a })));
    const mixed = scoreSpeakingTest(withFillers);
    expect(mixed.metrics).toEqual(alone.metrics);
    expect(mixed.assessable && alone.assessable && mixed.bands).toEqual(alone.assessable && alone.bands);
    expect(mixed.nonAnswers.map((item) => item.kind)).toEqual(['fillers-only']);
  });
});

describe('repetition', () => {
  const sentence = 'I think that it is very important for everyone to learn new things every day because it helps people grow';

  it('flags the same sentence repeated within one answer, punctuated or not', () => {
    for (const text of [`${sentence}. ${sentence}. ${sentence}.`, `${sentence}\n${sentence}\n${sentence}`, `${sentence} ${sentence} ${sentence}`]) {
      const { nonAnswers } = judgeAnswers([answer(3, 1, PART3_QUESTIONS[4] ?? '', text)]);
      expect(nonAnswers).toEqual([{ part: 3, questionNumber: 1, kind: 'repetition', reason: REPETITION_REASON, wordCount: 60 }]);
    }
  });

  it('flags an answer repeating an earlier answer, fillers or case aside, and keeps the first', () => {
    const first = answer(3, 5, PART3_QUESTIONS[4] ?? '', `${sentence}.`);
    const again = answer(3, 6, PART3_QUESTIONS[5] ?? '', `Um, ${sentence.toUpperCase()}!`);
    const { counted, nonAnswers } = judgeAnswers([first, again]);
    expect(counted).toEqual([first]);
    expect(nonAnswers).toEqual([{ part: 3, questionNumber: 6, kind: 'repetition', reason: REPETITION_REASON, wordCount: 21 }]);
  });

  it('keeps an answer that reuses a phrase or a short sentence', () => {
    const answers = [
      answer(3, 1, PART3_QUESTIONS[4] ?? '', 'I think that it is very important to speak English well. Yes. Companies want people who can talk to clients.'),
      answer(3, 2, PART3_QUESTIONS[5] ?? '', 'Yes. At work, because I think that it is very important to practise with real customers every single day.'),
      answer(3, 3, PART3_QUESTIONS[6] ?? '', 'Yes. Older people are busy, and they fear mistakes.'),
    ];
    expect(judgeAnswers(answers).nonAnswers).toEqual([]);
  });

  it('gives one sentence said for every answer no band (was 6.5)', () => {
    const result = scoreSpeakingTest(sameForEvery(`${sentence}.`));
    expect(result.assessable).toBe(false);
    expect(result.nonAnswers.filter((item) => item.kind === 'repetition')).toHaveLength(20);
    if (result.assessable) throw new Error('expected no band');
    expect(result.reason).toMatch(/^Most answers were repeated sentences, so no band is estimated: only 20 words of real answers remain/);
  });

  it('gives one sentence repeated 21 times in one answer no band', () => {
    const result = scoreSpeakingTest([answer(2, 1, CUE_CARDS[2]?.topic ?? '', Array.from({ length: 21 }, () => `${sentence}.`).join(' '))]);
    expect(result.assessable).toBe(false);
    expect(result.nonAnswers.map((item) => item.kind)).toEqual(['repetition']);
  });
});

describe('a list of words', () => {
  it('does not count a string of topic words as an answer (decision 0059)', () => {
    const list = 'Travel abroad flights cheaper social media beautiful places tourism culture experience adventure memories';
    const { counted, nonAnswers } = judgeAnswers([answer(3, 1, PART3_QUESTIONS[0] ?? '', list)]);
    expect(counted).toEqual([]);
    expect(nonAnswers).toEqual([{ part: 3, questionNumber: 1, kind: 'word-list', reason: WORD_LIST_REASON, wordCount: 13 }]);
  });

  it("counts a weak learner's short fragments and a list said in a sentence", () => {
    const answers = [
      // Nine words, fillers aside: too short to judge.
      answer(1, 3, PART1_QUESTIONS[2] ?? '', 'Um, cash, credit card, fifty thousand yen, expensive, discount, uh, please'),
      answer(1, 5, PART1_QUESTIONS[4] ?? '', 'Metro, bus, scooter, auto rickshaw, and sometimes my father drives me to college in his car.'),
    ];
    expect(judgeAnswers(answers).nonAnswers).toEqual([]);
  });
});

describe('off-topic', () => {
  it.each(Object.entries(GENUINE_PART1))('keeps a genuine Part 1 answer to %j', (question, text) => {
    expect(topicMatch(answer(1, 1, question, text)).offTopic).toBe(false);
  });

  it.each(Object.entries(GENUINE_PART3))('keeps a genuine Part 3 answer to %j', (question, text) => {
    expect(topicMatch(answer(3, 1, question, text)).offTopic).toBe(false);
  });

  it.each(Object.entries(GENUINE_PART2))('keeps a genuine Part 2 answer to %j', (topic, text) => {
    const match = topicMatch(answer(2, 1, topic, text));
    expect(match.judged).toBe(true);
    expect(match.offTopic).toBe(false);
  });

  it('has topic words for every question and card of the bank', () => {
    for (const question of [...PART1_QUESTIONS, ...PART3_QUESTIONS]) expect(QUESTION_TOPIC_WORDS[question], question).toBeDefined();
    for (const { topic } of CUE_CARDS) expect(CUE_CARD_TOPIC_WORDS[topic], topic).toBeDefined();
  });

  it.each([
    ['Are you good at cooking?', 'I usually take the metro to college, and on Sundays I play cricket with my friends in the park.'],
    ['How do you usually get around your town?', 'My favourite subject was chemistry because the experiments were exciting.'],
    ['What was your favourite subject at school?', 'We celebrate Diwali with lamps, sweets and fireworks, and relatives visit us.'],
    ['Should university education be free for everyone?', 'My grandmother cooks delicious curry and I help her chop onions in the kitchen.'],
    ['How has technology changed the way people learn new skills?', 'My hometown is near the river. The market is crowded on Saturdays and the temple is famous.'],
  ])('flags a clearly unrelated answer to %j', (question, text) => {
    const part = PART1_QUESTIONS.includes(question) ? 1 : 3;
    const { nonAnswers } = judgeAnswers([answer(part, 4, question, text)]);
    expect(nonAnswers).toEqual([{ part, questionNumber: 4, kind: 'off-topic', reason: offTopicReason({ part, question }), wordCount: expect.any(Number) }]);
    expect(nonAnswers[0]?.reason).toBe(`This answer does not seem to be about the question: “${question}”`);
  });

  // Found by an examiner's reading: these were refused as off-topic because the topic lists lack their
  // words. An answer is off-topic only when it is about another question (decision 0018).
  it.each([
    [1, 'How do you usually get around your town?', 'Mostly on foot, because everything is close to my flat.'],
    [1, 'Is there a country you would love to visit one day?', 'I would really like to go to Brazil to watch football.'],
    [1, 'Are you good at cooking?', 'Not really, my mum makes everything. I can only make instant noodles.'],
    [1, 'Where did you go on your last holiday?', 'I go to Osaka with my parents, it is fun.'],
    [1, 'Do you work, or are you a student?', 'I am an accountant in a small firm in the city centre.'],
  ] as const)('keeps an answer in words the topic lists lack: Part %i, %j', (part, question, text) => {
    expect(judgeAnswers([answer(part, 2, question, text)]).nonAnswers).toEqual([]);
  });

  it('refuses a memorised passage that is about another question of the bank, not one about nothing the bank asks', () => {
    const passage = "In today's globalised world technology plays an increasingly significant role in every aspect of our lives; it has revolutionised the way we communicate, work and educate ourselves.";
    expect(topicMatch(answer(1, 4, 'Where did you go on your last holiday?', passage)).offTopic).toBe(true);
    // Shares no word with this question, nor two with any other: not shown to be about something else.
    expect(topicMatch(answer(1, 4, 'Are you good at cooking?', 'Honestly I could not say, it depends on my mood and the weather that day.')).offTopic).toBe(false);
  });

  it("never refuses an answer to an examiner's follow-up that is not in the bank", () => {
    const followUp = answer(1, 5, 'And what did your brother say about that?', 'He laughed and told me the cricket match in Jaipur had been cancelled because of the monsoon rain.');
    expect(topicMatch(followUp)).toMatchObject({ judged: false, offTopic: false });
    expect(judgeAnswers([followUp]).nonAnswers).toEqual([]);
  });

  it('does not count names, digits or the word "question" as talk about something else', () => {
    const question = 'How do you usually get around your town?';
    const text = 'Sorry, can you repeat the question? Priya, 25, 2019: I mostly take the bus around town.';
    expect(topicMatch(answer(1, 4, question, text)).offTopic).toBe(false);
  });

  it('does not judge short answers, the name question, or questions outside the bank with too few words', () => {
    expect(topicMatch(answer(1, 3, 'Are you good at cooking?', 'Yes, quite good.')).judged).toBe(false);
    expect(topicMatch(answer(1, 1, NAME_QUESTION, 'Priya Raghavan from Chennai, studying commerce and accounts')).judged).toBe(false);
    expect(topicMatch(answer(1, 1, 'Question 1?', 'Completely different words about trains, rivers and mountains')).judged).toBe(false);
  });

  it('judges a Part 2 answer against its cue card: a trip told to the teacher card is not counted (was 7.0)', () => {
    const trip = GENUINE_PART2['Describe a journey you remember well.'] ?? '';
    const teacher = card('Describe a teacher who has influenced you.');
    expect(topicMatch(answer(2, 1, teacher.topic, trip))).toMatchObject({ judged: true, offTopic: true });
    const { nonAnswers } = judgeAnswers([answer(2, 1, teacher.topic, trip)]);
    expect(nonAnswers[0]?.reason).toBe('This answer does not seem to be about the cue card: “Describe a teacher who has influenced you.”');
    // And the other way round.
    expect(topicMatch(answer(2, 1, 'Describe a journey you remember well.', GENUINE_PART2['Describe a teacher who has influenced you.'] ?? '')).offTopic).toBe(true);
  });

  it('scores a test whose long turn is off the card on the other answers only', () => {
    const part1 = Object.entries(GENUINE_PART1).slice(0, 3).map(([q, text], i) => answer(1, i + 1, q, text));
    const trip = GENUINE_PART2['Describe a journey you remember well.'] ?? '';
    const onCard = scoreSpeakingTest([...part1, answer(2, 1, 'Describe a journey you remember well.', trip)]);
    const offCard = scoreSpeakingTest([...part1, answer(2, 1, 'Describe a teacher who has influenced you.', trip)]);
    expect(onCard.nonAnswers).toEqual([]);
    expect(offCard.nonAnswers.map((item) => item.kind)).toEqual(['off-topic']);
    expect(offCard.metrics.wordCount).toBe(onCard.metrics.wordCount - (offCard.nonAnswers[0]?.wordCount ?? 0));
    expect(onCard.assessable).toBe(true);
    // 3 short Part 1 answers alone are under 50 words: no band, and the reason says why.
    expect(offCard.assessable).toBe(false);
    if (offCard.assessable) throw new Error('expected no band');
    expect(offCard.reason).toMatch(/^Most answers were not about the question asked, so no band is estimated/);
  });
});

describe('a whole genuine test', () => {
  const test = [
    ...Object.entries(GENUINE_PART1).slice(0, 10).map(([q, text], i) => answer(1, i + 1, q, text)),
    answer(2, 1, 'Describe a teacher who has influenced you.', GENUINE_PART2['Describe a teacher who has influenced you.'] ?? ''),
    ...Object.entries(GENUINE_PART3).slice(0, 10).map(([q, text], i) => answer(3, i + 1, q, text)),
  ];

  it('flags nothing and scores every word', () => {
    const result = scoreSpeakingTest(test);
    expect(result.nonAnswers).toEqual([]);
    expect(result.assessable).toBe(true);
  });

  it('silence gets no band and no flags', () => {
    const silent = test.map((a) => ({ ...a, answer: '', responseTimeMs: null, speakingTimeMs: 0 }));
    const result = scoreSpeakingTest(silent);
    expect(result.assessable).toBe(false);
    expect(result.nonAnswers).toEqual([]);
    if (result.assessable) throw new Error('expected no band');
    expect(result.reason).toMatch(/^No speech was recognised/);
  });

  it('round-trips through JSON with the same non-answers (client and server agree)', () => {
    const answers = [...test, answer(3, 11, PART3_QUESTIONS[0] ?? '', 'um uh er'), answer(3, 12, PART3_QUESTIONS[1] ?? '', test[12]?.answer ?? '')];
    const received = JSON.parse(JSON.stringify(answers)) as SpeakingTestAnswer[];
    const result = scoreSpeakingTest(received);
    expect(result).toEqual(scoreSpeakingTest(answers));
    expect(result.nonAnswers.map((item) => item.kind)).toEqual(['fillers-only', 'repetition']);
  });
});
