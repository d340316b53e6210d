export * from './types';
export * from './reducer';
export * from './selectors';
