/*
 * What a criterion's advice says when no evidence has room left (advice.ts, decision 0048), in a
 * module of its own: the results' summary recognises it without loading the estimate's code.
 */
export const NOTHING_MORE_ADVICE =
  "Everything measured here is as good as the strongest learners' or better, so your words show nothing more to work on. This estimate often gives strong speakers too low a band: your teacher can listen to your recording and tell you more.";

/** The same advice as attempts saved before its plainer wording hold it (stored with each attempt's analysis): never to be edited. */
export const EARLIER_NOTHING_MORE_ADVICE =
  "Everything measured here is at or past the strongest learners' level: the transcript shows nothing more to work on. This estimate reads strong speakers low; your teacher's review, which listens to your recording, can go further.";

/** Whether a criterion's advice, fresh or stored, is "nothing more to work on". */
export function isNothingMoreAdvice(advice: string): boolean {
  return advice === NOTHING_MORE_ADVICE || advice === EARLIER_NOTHING_MORE_ADVICE;
}
