/**
 * The review page's sections below the fold (decision 0023), in order: their titles, which the
 * placeholder shows too so that the page's outline is whole before they have loaded, and what the
 * placeholder says and how tall it stands meanwhile (about as tall as what replaces it).
 */
export const LOWER_SECTIONS = {
  answers: { title: 'Questions and answers', loading: 'the questions and answers', minHeight: 320 },
  review: { title: 'Teacher review', loading: 'the review form', minHeight: 420 },
  trail: { title: 'Review trail', loading: 'the review trail', minHeight: 24 },
} as const;
