import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder (the one holding package.json). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const testResultsDir = path.join(projectRoot, 'test-results');
/**
 * The built client the test servers serve. PARLEY_TEST_CLIENT_DIR points elsewhere so that several
 * people (or helper sessions) working in one tree can each test their own build.
 */
export const clientDistDir = process.env.PARLEY_TEST_CLIENT_DIR ? path.resolve(process.env.PARLEY_TEST_CLIENT_DIR) : path.join(projectRoot, 'dist/client');
