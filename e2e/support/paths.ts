import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder (the one holding package.json). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const testResultsDir = path.join(projectRoot, 'test-results');
export const clientDistDir = path.join(projectRoot, 'dist/client');
