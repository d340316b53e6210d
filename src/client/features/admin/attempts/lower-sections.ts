/**
 * The review page's sections below the fold (decision 0023), in order: their titles, which the
 * placeholder shows too so that the page's outline is whole before they have loaded, and what the
 * placeholder says and how tall it stands meanwhile (about as tall as what replaces it). The review
 * form itself is no longer among them: it stands beside the player and the bands.
 */
export const LOWER_SECTIONS = {
  answers: { title: 'Questions and answers', loading: 'the questions and answers', minHeight: 320 },
  trail: { title: 'Review trail', loading: 'the review trail', minHeight: 24 },
} as const;
