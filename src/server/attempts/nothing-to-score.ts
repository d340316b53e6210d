/*
 * When an attempt has nothing a teacher could score: one rule for the attempts list (list-row.ts),
 * the attempt's page (attempt-detail.ts) and the class view's awaiting list (class-view/readers.ts).
 */

/** What an attempt holds that a teacher could score from. */
export interface ScoringMaterial {
  /** The estimate was made from the answers' words. */
  assessable: boolean;
  /** sessionData.noTranscript: answers were taken without speech recognition, so no words to score. */
  noTranscript: boolean;
  /** sessionData.noRecording: the device's recorder gave no audio. */
  noRecording: boolean;
  /** A recording is stored for the attempt (even one whose bytes have since expired). */
  recordingStored: boolean;
  /** The teacher's bands as stored (null: never reviewed); read as given only where a band is a number. */
  teacherScores: unknown;
}

/** Whether the teacher has given any band (a criterion's or the overall). */
export function teacherBandGiven(teacherScores: unknown): boolean {
  return typeof teacherScores === 'object' && teacherScores !== null && Object.values(teacherScores).some((band) => typeof band === 'number');
}

/**
 * Nothing to score (the student should retake): no recording (the device made none and none is
 * stored), no words to score (not transcribed, so no estimate), and no band from the teacher.
 */
export function nothingToScore(material: ScoringMaterial): boolean {
  const noRecording = material.noRecording && !material.recordingStored;
  const noWords = material.noTranscript && !material.assessable;
  return noRecording && noWords && !teacherBandGiven(material.teacherScores);
}
