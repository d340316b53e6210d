import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstRenderInputs } from '../../lib/first-render';
import { pronunciationEvidence } from './analysis-part';
import type { AttemptDetail, NonAnswerDto } from '../../../shared/api/admin-attempts';
import { nothingToScoreText } from '../../../shared/api/no-result-texts';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { agreementParagraphs, agreementText, ratedRangeText } from '../../../shared/band-estimate/agreement';
import { EARLIER_RULES_TEXT, scoredByEarlierRules } from '../../../shared/band-estimate/earlier-rules';
import { QUESTION_ECHO_REASON, REPETITION_REASON } from '../../../shared/non-answers/reasons';
import { scoreSpeakingTest } from '../../../shared/speaking-test/scoring';
import { READER_TEXT, ScoresSection, TEACHER_SCORED_TEXT, type ScoresReader } from './ScoresSection';

/* The scores of an attempt read by the teacher (the review page) and by the student (their attempt's page): each in their own words. */

const ANSWERS = [
  'I work in a bank in the city centre and I enjoy helping customers every day because they trust me',
  'In my free time I read novels and I go cycling early in the morning with my friends',
  'My manager told me employers value communication skills he say many graduates do not realise it',
  'I think travelling teaches young people to be independent and patient when things go wrong',
  'Schools should teach practical skills such as managing money and cooking for the family',
  'Technology has changed education because students can learn from anywhere now, even at home',
].map((answer, i) => ({ part: 1 as const, questionNumber: i + 1, question: `Question ${i + 1}?`, answer, responseTimeMs: 1500, speakingTimeMs: 12_000 }));

const result = scoreSpeakingTest(ANSWERS);
if (!result.assessable) throw new Error('the sample answers should be assessable');

// Asserted rather than annotated: the fields this section does not read may grow without this test changing.
const recordingAnalysis = {
  status: 'done',
  reason: null,
  durationMs: 90_000,
  speakingTimeMs: 70_000,
  speechRateSps: 3.1,
  articulationRateSps: 4.2,
  phonationTimeRatio: 0.7,
  pauses: { count: 12, meanMs: 600, longestMs: 1500 },
  meanLengthOfRunSyllables: 7.5,
  syllables: 220,
  syllableSource: 'words',
  figuresScope: 'answers',
  segments: [],
  syllableTimesMs: [],
  answers: [],
  words: [],
  hints: [],
  alignment: { status: 'done', reason: null },
} as RecordingAnalysis;

// Asserted too: the attempt's other fields (the review's, the recording's) are not this section's.
const detail = {
  kind: 'ielts',
  id: '6a1f0b0e-4a8e-4d36-9a57-1f0a2b3c4d5e',
  student: { id: 1, studentName: 'Asha Kumar', mobileNumber: '9876543210', mobileNumberDisplay: '98765 43210', status: 'Activated' },
  course: 'IELTS',
  completedAt: '2026-05-01T10:00:00.000Z',
  durationMs: 600_000,
  assessable: true,
  notAssessableReason: null,
  nothingToScore: false,
  awaitingTeacher: false,
  noTranscript: false,
  noRecording: false,
  scores: { ...result.bands },
  overall: result.bands.overall,
  teacherComment: null,
  teacherScores: null,
  reviewedAt: null,
  reviewerUsername: null,
  reviewerName: null,
  audioUrl: '/api/recordings/6a1f0b0e-4a8e-4d36-9a57-1f0a2b3c4d5e',
  recordingExpiredAt: null,
  recordingAnalysis,
  release: null,
  releasePending: false,
  trail: [],
  reviewVersion: 0,
  demo: false,
  answers: [],
  analysis: {
    assessable: true,
    reason: null,
    criteria: (['fluency', 'vocabulary', 'grammar', 'pronunciation'] as const).map((name) => {
      const { criterion, base, band, rules, figures, advice } = result.criteria[name];
      return { criterion, base, band, rules, figures: { ...figures }, advice };
    }),
    metrics: result.metrics,
    partNotes: [],
  },
} as AttemptDetail;

/**
 * An attempt saved before the calibrated estimate, as a school's database holds it after upgrading:
 * the working section 9's fixed rules stored (taken from one saved by commit 88454a2), overall unrounded.
 */
const EARLIER_CRITERIA = [
  { criterion: 'fluency', base: 5, band: 7, rules: [{ rule: 'speech rate > 3.5 syll/s', delta: 1 }, { rule: 'length of run > 8 syllables', delta: 0.5 }, { rule: 'response time < 2000 ms', delta: 0.5 }] },
  { criterion: 'vocabulary', base: 5, band: 7, rules: [{ rule: 'unique-word ratio > 0.7', delta: 2 }] },
  { criterion: 'grammar', base: 6, band: 7, rules: [{ rule: 'error ratio < 0.02', delta: 1 }] },
  { criterion: 'pronunciation', base: 6.5, band: 6.5, rules: [] },
] as const;
const earlierDetail = {
  ...detail,
  scores: { fluency: 7, vocabulary: 7, grammar: 7, pronunciation: 6.5 },
  overall: 6.875,
  analysis: {
    ...detail.analysis,
    criteria: EARLIER_CRITERIA.map((criterion, i) => ({ ...criterion, rules: [...criterion.rules], figures: {}, advice: `Advice ${i + 1}.` })),
  },
} as AttemptDetail;

/** The section's text as read, tags left out. */
const textFor = (reader: ScoresReader, shown: AttemptDetail = detail) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ScoresSection detail={shown} reader={reader} />
    </MantineProvider>,
  )
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'");

describe('ScoresSection', () => {
  // Pronunciation's evidence is a later part (with the finished analysis): loaded before the static renders, as the review page waits for it.
  beforeAll(async () => {
    pronunciationEvidence.preload();
    await firstRenderInputs(10_000);
  });

  it("tells the teacher what the student was told and what a teacher listening can judge", () => {
    const text = textFor('teacher');
    for (const paragraph of Object.values(agreementParagraphs('teacher'))) expect(text).toContain(paragraph);
    // Who the learners were and what ρ is, in words a teacher who is not a statistician follows.
    expect(text).toContain('Japanese learners whom trained raters had given levels of the Standard Speaking Test');
    expect(text).toContain('(rank correlation: 1 is the same order)');
    // The agreement in bands comes with what one band given to everyone would reach.
    expect(text).toMatch(/within one band of their rated level's band for \d+\u00a0% of them \(giving everyone \d\.\d would be for \d+\u00a0%/);
    // The bands matching what raters gave the learners given this overall, beside it.
    expect(ratedRangeText(result.bands.overall)).toMatch(/^Of the \d+ learners this estimate gave (about )?\d\.\d, trained raters put \d+\u00a0% at a level matching/);
    expect(text).toContain(ratedRangeText(result.bands.overall));
    expect(text.match(/Told the student: /g)).toHaveLength(4);
    expect(text).toContain('You can, by listening.');
    expect(text).not.toContain('Advice for you');
  });

  it('speaks to the student in the second person: their advice, their teacher', () => {
    const text = textFor('student');
    for (const paragraph of Object.values(agreementParagraphs('student'))) expect(text).toContain(paragraph);
    expect(text).not.toContain(agreementParagraphs('teacher').checked);
    expect(text).toContain('until your teacher');
    // The student is told the ranking and where the estimate is weakest, without a statistician's symbol or a
    // share within a band (which one guess for everyone nearly reaches).
    expect(text).toMatch(/It put them in much the same order as the raters did, but it often gives strong speakers too low a band/);
    expect(text).not.toContain('ρ');
    expect(text).not.toContain('within one band');
    expect(text.match(/Advice for you: /g)).toHaveLength(4);
    expect(text).toContain('Your teacher, listening, can.');
    expect(text).not.toContain('Told the student');
    expect(text).not.toContain('You can, by listening.');
    expect(text).not.toContain('you give it from the recording');
  });

  it("words a part's note for its reader: the student is told what to do, the teacher what the student did", () => {
    const short = { part: 2, kind: 'short-long-turn', speakingTimeMs: 42_400, message: 'You spoke for 42 s in Part 2; the cue card asks for one to two minutes, so aim to keep talking for at least 60 s.' } as const;
    // Saved before a note kept its figure: the stored sentence is all there is.
    const older = { part: 1, message: 'Part 1 answers averaged 5 words, which is too short to show your English.' };
    const noted = { ...detail, analysis: { ...(detail.kind === 'ielts' ? detail.analysis! : null!), partNotes: [older, short] } } as AttemptDetail;
    const teacher = textFor('teacher', noted);
    expect(teacher).toContain('The student spoke for 42 s in Part 2; the cue card asks for one to two minutes, at least 60 s.');
    expect(teacher).not.toContain('You spoke for');
    expect(teacher).toContain(older.message);
    expect(textFor('student', noted)).toContain(short.message);
    expect(textFor('student', noted)).toContain(older.message);
    // A note stored in an earlier wording, with its figure: the student reads today's sentence.
    const earlier = { ...short, message: 'You spoke for 42 s in Part 2: aim for one to two minutes.' };
    const reworded = textFor('student', { ...noted, analysis: { ...(noted.kind === 'ielts' ? noted.analysis! : null!), partNotes: [earlier] } } as AttemptDetail);
    expect(reworded).toContain(short.message);
    expect(reworded).not.toContain(earlier.message);
  });

  it('tells the teacher when an estimate rests on fewer words than its agreement was measured on', () => {
    const ielts = detail.kind === 'ielts' ? detail.analysis! : null!;
    const short = { ...detail, analysis: { ...ielts, metrics: { ...ielts.metrics, wordCount: 70 } } } as AttemptDetail;
    expect(textFor('teacher', short)).toContain(
      "Based on only 70 counted words. The agreement above was measured on whole tests; on learners' first 250 words the ranking agreed less (ρ = 0.73). Treat this estimate as a rough guide.",
    );
    // The student's page says it before the estimate's section, in the student's words (AttemptPage).
    expect(textFor('student', short)).not.toContain('Based on only 70 counted words');
    const whole = { ...detail, analysis: { ...ielts, metrics: { ...ielts.metrics, wordCount: 400 } } } as AttemptDetail;
    expect(textFor('teacher', whole)).not.toContain('counted words. The agreement above');
  });

  it("words a stored non-answer's reason as it reads today, from its kind; an off-topic reason as stored", () => {
    const echo: NonAnswerDto = { part: 1, questionNumber: 2, kind: 'question-echo', reason: 'This answer mostly reads the question back.', wordCount: 8 };
    const offTopic: NonAnswerDto = { part: 3, questionNumber: 1, kind: 'off-topic', reason: 'This answer is not about the question asked (food).', wordCount: 30 };
    const stored = [echo, offTopic];
    const withNonAnswers = { ...detail, analysis: { ...(detail.kind === 'ielts' ? detail.analysis! : null!), nonAnswers: stored } } as AttemptDetail;
    for (const reader of ['teacher', 'student'] as const) {
      const text = textFor(reader, withNonAnswers);
      expect(text).toContain(`Part 1, question 2: ${QUESTION_ECHO_REASON}`);
      expect(text).not.toContain(echo.reason);
      expect(text).toContain(`Part 3, question 1: ${offTopic.reason}`);
      expect(text).toContain('Left out of the estimate and of every figure on this page, each for the reason given.');
    }
    // A reason that speaks to the student ("you") is worded for the teacher on the teacher's page.
    const repeated: NonAnswerDto = { part: 1, questionNumber: 3, kind: 'repetition', reason: REPETITION_REASON, wordCount: 12 };
    const again = { ...withNonAnswers, analysis: { ...(withNonAnswers.kind === 'ielts' ? withNonAnswers.analysis! : null!), nonAnswers: [repeated] } } as AttemptDetail;
    expect(textFor('teacher', again)).toContain('Part 1, question 3: This answer repeats what the student said before.');
    expect(textFor('teacher', again)).not.toContain(REPETITION_REASON);
    expect(textFor('student', again)).toContain(`Part 1, question 3: ${REPETITION_REASON}`);
  });

  it("labels the teacher's bands for the teachers as released or a draft saved since; the student reads them as the teacher's", () => {
    const bands = { fluency: 7, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6.5 };
    const release = { comment: null, scores: { ...bands, fluency: 6.5, overall: 6 }, releasedAt: '2026-12-01T10:00:00Z', releasedByUsername: 'head', releasedByName: 'Head' };
    const drafted = { ...detail, teacherScores: bands, release: null } as AttemptDetail;
    const text = textFor('teacher', drafted);
    expect(text.match(/Draft \d\.\d/g)).toHaveLength(5);
    expect(text).not.toMatch(/(Released|Teacher) \d\.\d/);
    // Released, then Fluency and the overall changed and saved: those two are drafts, the rest released.
    const amended = textFor('teacher', { ...drafted, release } as AttemptDetail);
    expect(amended.match(/Draft \d\.\d/g)).toEqual(['Draft 6.5', 'Draft 7.0']);
    expect(amended.match(/Released \d\.\d/g)).toHaveLength(3);
    expect(textFor('student', { ...detail, teacherScores: release.scores, release } as AttemptDetail).match(/Teacher \d\.\d/g)).toHaveLength(5);
  });

  it('with no estimate, says why, and not how far estimates agree with raters', () => {
    const quiet = { ...detail, assessable: false, notAssessableReason: 'Only 12 words were recognised.', scores: null, overall: null, analysis: null } as unknown as AttemptDetail;
    for (const reader of ['teacher', 'student'] as const) {
      const text = textFor(reader, quiet);
      expect(text).toContain(reader === 'teacher' ? 'Told the student: Only 12 words were recognised.' : 'Only 12 words were recognised.');
      expect(text).not.toContain(agreementText(reader));
      expect(text).not.toMatch(/learners this estimate gave|Overall is the mean/);
    }
  });

  it("an attempt scored by section 9's earlier rules says so, and claims none of the calibrated estimate's agreement", () => {
    for (const reader of ['teacher', 'student'] as const) {
      const text = textFor(reader, earlierDetail);
      expect(text).toContain(EARLIER_RULES_TEXT);
      expect(text).not.toContain(agreementText(reader));
      expect(text).not.toMatch(/learners this estimate gave|trained raters|(typical|average)\s+learner/);
      // Its own working is still shown: where each criterion started and the rules that moved it.
      expect(text).toContain('Starting band 5.0, moved by:');
      expect(text).toContain('speech rate &gt; 3.5 syll/s');
      // Section 9's figures set its bands: not said to be unused.
      expect(text).not.toContain('not used for this band');
      // The calibrated estimate's cards say the spec's figures under them do not set the band.
      expect(textFor(reader).match(/Also counted, not used for this band:/g)?.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("tells the calibrated estimate's working from section 9's by the starting bands", () => {
    expect(detail.kind === 'ielts' && detail.analysis && scoredByEarlierRules(detail.analysis.criteria)).toBe(false);
    expect(scoredByEarlierRules(EARLIER_CRITERIA)).toBe(true);
    // Not analysed at all, or a criterion missing: not claimed to be either.
    expect(scoredByEarlierRules([])).toBe(false);
  });

  it('has a label and a listening sentence for each reader', () => {
    expect(READER_TEXT.teacher).not.toEqual(READER_TEXT.student);
  });
});

/* Answered where the browser does not transcribe (Firefox): the timings were measured from the microphone's level, the words not at all. */
const UNTRANSCRIBED = ANSWERS.map((answer) => ({ ...answer, answer: '' }));
const untranscribedResult = scoreSpeakingTest(UNTRANSCRIBED, { transcript: false });
const untranscribedTest = {
  ...detail,
  assessable: false,
  notAssessableReason: untranscribedResult.assessable ? null : untranscribedResult.reason,
  awaitingTeacher: true,
  noTranscript: true,
  scores: null,
  overall: null,
  analysis: { assessable: false, reason: 'Vocabulary and grammar need a transcript: your teacher will score them.', criteria: [], metrics: untranscribedResult.metrics, partNotes: [] },
} as AttemptDetail;

const untranscribedInterview = {
  ...detail,
  kind: 'interview',
  assessable: false,
  notAssessableReason: 'Your answers were recorded without a transcript: your teacher will score them.',
  awaitingTeacher: true,
  noTranscript: true,
  scores: null,
  overall: null,
  answers: [],
  analysis: {
    assessable: false,
    reason: 'Your answers were recorded without a transcript: your teacher will score them.',
    figures: {
      questionCount: 3,
      answeredCount: 0,
      totalWords: 0,
      averageWordsPerAnswer: 0,
      relevance: [],
      fillerCount: 0,
      fillerRatio: 0,
      sentenceCount: 0,
      averageSentenceLength: 0,
      meanConfidence: null,
      clarityParts: null,
    },
  },
} as unknown as AttemptDetail;

describe('ScoresSection without a transcript', () => {
  it('shows the timings measured and no figure counted from words, which would read 0 as if measured', () => {
    // The figures behind the section: no word over 72 s of speaking (and so no speed).
    expect(untranscribedResult.metrics).toMatchObject({ wordCount: 0, wordsPerMinute: null, speakingTimeMs: 72_000 });
    for (const reader of ['teacher', 'student'] as const) {
      const text = textFor(reader, untranscribedTest);
      for (const figure of ['Words per minute', 'Unique-word ratio', 'Word count', 'Fillers', 'Grammar mistakes', 'Sentences']) expect(text, `${reader}: ${figure}`).not.toContain(figure);
      expect(text).toContain('Response time1.5 s on average');
      expect(text).toContain('Speaking time72.0 s');
    }
    const student = textFor('student', untranscribedTest);
    expect(student).toContain("Timings from your whole testResponse time");
    expect(student).toContain("Without a transcript, only timings were measured: when you were speaking, from your microphone's sound. Your teacher listens to the recording for everything else.");
    expect(student).not.toMatch(/the student/i);
    const teacher = textFor('teacher', untranscribedTest);
    expect(teacher).toContain('Timings from the whole testResponse time');
    expect(teacher).toContain("Without a transcript, only timings were measured: when the student was speaking, from the microphone's sound. Figures counted from words need a transcript. Listen to the recording for everything else.");
  });

  it('says when the device made no recording either', () => {
    const silent = { ...untranscribedTest, noRecording: true } as AttemptDetail;
    expect(textFor('student', silent)).toContain('No recording was made, so there is nothing else to go on.');
    expect(textFor('teacher', silent)).toContain("No recording was made on the student's device, so there is nothing else to go on.");
  });

  it('an interview shows none of the figures counted from words', () => {
    for (const reader of ['teacher', 'student'] as const) {
      const text = textFor(reader, untranscribedInterview);
      expect(text).toContain('Your answers were recorded without a transcript: your teacher will score them.');
      for (const figure of ['Questions answered', 'Total words', 'Words per answer', 'Fillers', 'Sentences', 'Recognizer confidence']) expect(text, `${reader}: ${figure}`).not.toContain(figure);
    }
    // With a transcript the same figures are shown, a silent interview's zeros included: they were counted.
    const transcribed = { ...untranscribedInterview, noTranscript: false } as AttemptDetail;
    expect(textFor('student', transcribed)).toContain('Total words0');
  });

  it("gives the teacher the interview's reason as what the student was told, as the speaking test's", () => {
    expect(textFor('teacher', untranscribedInterview)).toContain('Told the student: Your answers were recorded without a transcript: your teacher will score them.');
    expect(textFor('student', untranscribedInterview)).not.toContain('Told the student');
  });

  it('tells the student, once the teacher has scored it, that the teacher did: no "will score them" beside the bands', () => {
    const released = { ...untranscribedTest, awaitingTeacher: false, teacherScores: { fluency: 6, vocabulary: 6.5, grammar: 6, pronunciation: 7, overall: 6.5 } } as AttemptDetail;
    const student = textFor('student', released);
    expect(student).toContain(TEACHER_SCORED_TEXT.ielts);
    expect(student).toContain('Your teacher listened to the recording for everything else.');
    expect(student).not.toMatch(/will score|listens to the recording/);
    // Before the bands are in, the student is told what will happen.
    expect(textFor('student', untranscribedTest)).toContain('Your teacher listens to the recording for everything else.');
    // The teacher still reads what the student was told when the test ended.
    expect(textFor('teacher', released)).toContain('Told the student: Vocabulary and grammar need a transcript');
    const interview = { ...untranscribedInterview, awaitingTeacher: false, teacherScores: { communication: 6, confidence: 6, relevance: 6, clarity: 6, overall: 6 } } as AttemptDetail;
    expect(textFor('student', interview)).toContain(TEACHER_SCORED_TEXT.interview);
  });

  it("never labels the teacher's own nothing-to-score sentence as what the student was told", () => {
    const teacherWords = nothingToScoreText('test');
    const nothing = { ...untranscribedTest, awaitingTeacher: false, nothingToScore: true, noRecording: true, notAssessableReason: teacherWords } as AttemptDetail;
    const text = textFor('teacher', nothing);
    expect(text).toContain(teacherWords);
    expect(text).not.toContain('Told the student');
    const interview = { ...untranscribedInterview, awaitingTeacher: false, nothingToScore: true, noRecording: true, notAssessableReason: nothingToScoreText('interview') } as AttemptDetail;
    expect(textFor('teacher', interview)).not.toContain('Told the student');
  });
});
