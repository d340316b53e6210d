/*
 * What the calibrated estimate says of Pronunciation (calibrated.ts), in a module of its own: the
 * score cards recognise it by this sentence without loading the estimate's code and wording.
 */
export const PRONUNCIATION_NOT_MEASURED_ADVICE =
  'Pronunciation is not measured from a transcript: this band follows your other three until your teacher listens to your recording.';
