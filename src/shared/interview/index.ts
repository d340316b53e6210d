export * from './constants.js';
export { answerWords, isEmptyAnswer, isSpokenWithoutWords } from './answers.js';
export { cutQuestions, generateInterviewQuestions, numberQuestions, type DraftQuestion, type InterviewQuestion, type QuestionSourceProfile } from './questions.js';
export { porterStem } from './porter-stemmer.js';
export {
  CATEGORY_TOPIC_WORDS,
  QUESTION_FRAMING_WORDS,
  RELEVANCE_FULL_MARKS_MATCHES,
  contentTerms,
  referenceStems,
  scoreAnswerRelevance,
  type AnswerRelevance,
  type ContentTerm,
} from './relevance.js';
export {
  CLARITY_BEST_SENTENCE_WORDS,
  CLARITY_CONFIDENCE_RANGE,
  CLARITY_FILLER_RATIO_AT_ZERO,
  CLARITY_SENTENCE_WORDS_FALLOFF,
  fillerPart,
  overallScore,
  recognizerConfidencePart,
  confidenceWordCount,
  scoreConfidence,
  scoreInterview,
  sentenceLengthPart,
  type ClarityParts,
  type InterviewScoreReport,
  type QuestionRelevanceFigures,
  type ScoringAnswer,
} from './scoring.js';
export { interviewNonAnswersReason, notEnoughSpeechReason, NOT_TRANSCRIBED_REASON, type InterviewNonAnswer } from './no-scores-reasons.js';
export { INTERVIEW_BASIS_TEXT } from './basis-text.js';
export { clarityText, communicationText, confidenceText, relevanceText } from './scoring-text.js';
export {
  buildInterviewTranscriptText,
  interviewAudioFileName,
  interviewTranscriptFileName,
  localDateStamp,
  type TranscriptQuestion,
} from './transcript.js';
