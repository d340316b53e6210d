import { describe, expect, it } from 'vitest';
import { nothingToScore, teacherBandGiven, type ScoringMaterial } from './nothing-to-score.js';

/** Not transcribed, no recording made or stored, no band: nothing to score. */
const NOTHING: ScoringMaterial = { assessable: false, noTranscript: true, noRecording: true, recordingStored: false, teacherScores: null };

describe('nothingToScore: the list and the attempt page', () => {
  it('is true with no recording, no words and no teacher band', () => {
    expect(nothingToScore(NOTHING)).toBe(true);
    expect(nothingToScore({ ...NOTHING, teacherScores: {} })).toBe(true);
    expect(nothingToScore({ ...NOTHING, teacherScores: { overall: null, fluency: null } })).toBe(true);
  });

  it('a recording stored, or the device not saying it made none, is something to score', () => {
    expect(nothingToScore({ ...NOTHING, recordingStored: true })).toBe(false);
    expect(nothingToScore({ ...NOTHING, noRecording: false })).toBe(false);
  });

  it('transcribed answers, or an estimate made from them, are something to score', () => {
    expect(nothingToScore({ ...NOTHING, noTranscript: false })).toBe(false);
    expect(nothingToScore({ ...NOTHING, assessable: true })).toBe(false);
  });

  it('any band the teacher gave (a criterion or the overall) ends it', () => {
    expect(nothingToScore({ ...NOTHING, teacherScores: { overall: 5 } })).toBe(false);
    expect(nothingToScore({ ...NOTHING, teacherScores: { fluency: 4, overall: null } })).toBe(false);
    expect(teacherBandGiven(null)).toBe(false);
    expect(teacherBandGiven({ fluency: 0 })).toBe(true);
  });
});
