/**
 * What the light app and the full app both use (decision 0022). The bootstrap (main.tsx) imports this
 * module so that it all comes in the entry's one file, with Mantine's base, rather than as a dozen
 * small shared files each app would wait for (the reason of the entry's code-splitting group in
 * vite.config.ts, decision 0006).
 */
export { Providers } from './Providers';
export { AppLayout } from '../components/AppLayout';
export { FullPageLoader } from '../components/FullPageLoader';
export { PageError } from '../components/PageError';
export { NavContext } from '../lib/nav';
export { SessionContext } from '../lib/auth/session';
// The pages of both apps read the student's sign-in info and send the sign-in requests: in the
// entry's file, not two small files of their own (a request and ~0.3 KB of overhead each).
export { clearStudentInfo, readStudentInfo, saveStudentInfo } from '../lib/student-info';
export { forgotPasswordRequest, signInRequest, signOutRequest } from '../lib/auth/requests';
