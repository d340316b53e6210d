/*
 * The teacher's view of saved attempts (spec sections 2, 3, 7 and 9): the two paged lists, one
 * attempt with everything behind its scores, the teacher's own review, and the CSV export.
 * Each concern has its module; everything stays importable from here. The browser imports the
 * Zod-free ones (`-kinds`, `-limits`) directly and only types from here (decision 0023).
 */

export * from './admin-attempts-kinds.js';
export * from './admin-attempts-limits.js';
export * from './admin-attempts-bands.js';
export * from './admin-attempts-list.js';
export * from './admin-attempts-analysis.js';
export * from './admin-attempts-detail.js';
export * from './admin-attempts-review.js';
