/*
 * What a criterion's advice says when no evidence has room left (advice.ts, decision 0048), in a
 * module of its own: the results' summary recognises it without loading the estimate's code.
 */
export const NOTHING_MORE_ADVICE =
  "Everything measured here is at or past the strongest learners' level: the transcript shows nothing more to work on. This estimate reads strong speakers low; your teacher's review, which listens to your recording, can go further.";
