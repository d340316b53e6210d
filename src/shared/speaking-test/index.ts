export * from './answer.js';
export * from './constants.js';
export * from './metrics.js';
export * from './part-notes.js';
export * from './questions.js';
export * from './scoring.js';
export * from './transcript.js';
