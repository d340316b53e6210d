export * from './machine.js';
export * from './selectors.js';
export * from './types.js';
