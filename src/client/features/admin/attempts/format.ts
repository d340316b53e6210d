/* Moved to components/attempt (the student's attempt page uses them too). */
export * from '../../../components/attempt/format';
