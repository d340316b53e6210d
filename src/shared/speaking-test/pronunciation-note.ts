/*
 * What the calibrated estimate says of Pronunciation (calibrated.ts), in a module of its own: the
 * score cards recognise it by this sentence without loading the estimate's code and wording.
 */
export const PRONUNCIATION_NOT_MEASURED_ADVICE =
  'Pronunciation is not measured from the words of your answers: until your teacher listens to your recording, this band is the average of your other three.';

/** The same note as attempts saved before its plainer wording hold it (stored with each attempt's analysis): never to be edited. */
export const EARLIER_PRONUNCIATION_NOTE =
  'Pronunciation is not measured from a transcript: this band follows your other three until your teacher listens to your recording.';

/** Whether a Pronunciation card's advice, fresh or stored, is this note. */
export function isPronunciationNotMeasuredAdvice(advice: string): boolean {
  return advice === PRONUNCIATION_NOT_MEASURED_ADVICE || advice === EARLIER_PRONUNCIATION_NOTE;
}
