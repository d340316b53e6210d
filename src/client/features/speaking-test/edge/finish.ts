/*
 * The end of the test (SPEC.md section 4, complete: scoring, saving), the `finish` command: the
 * estimate is worked out once (SCORED shows it), the attempt and its recording are handed to the
 * durable outbox with that estimate, and its status comes back to the flow as SAVE_RESULT. Not part
 * of the page's first visit (decision 0024): run-command.ts loads it once the test has started, a
 * quarter of an hour before it is needed, and again every few seconds if it cannot (a finished test
 * is never given up).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/api/auth';
import { scoreSpeakingTest } from '../../../../shared/speaking-test/scoring';
import { browserOutbox } from '../../../lib/outbox';
import { readStudentInfo } from '../../../lib/student-info';
import { studentProfileQuery } from '../../../lib/student-profile';
import type { Command } from '../flow';
import { buildSaveTestSessionBody } from '../save-body';
import type { EdgeContext } from './context';
import type { TestRecording } from './resources';

const TEST_SESSIONS_URL = '/api/test-sessions';

/**
 * The student the attempt is saved for: stored info, the teacher's acting student, or the student's
 * own record, which the page asked for when the test began (useSpeakingTest), so that a network lost
 * by the end of the test does not lose the test: the outbox sends it once the network is back.
 */
async function findStudentId(user: User | null | undefined, queryClient: QueryClient): Promise<number | null> {
  const stored = readStudentInfo();
  if (stored) return stored.id;
  if (!user) return null;
  if (user.actingStudent) return user.actingStudent.id;
  if (user.isAdmin) return null;
  try {
    const profile = queryClient.getQueryData(studentProfileQuery.queryKey) ?? (await queryClient.fetchQuery(studentProfileQuery));
    return profile.student.id;
  } catch {
    return null;
  }
}

/** What the page shows of the finished attempt (React state setters; a call after unmount does nothing). */
export interface AttemptOutcome {
  setRecording: (recording: TestRecording | null) => void;
  setCompletedAt: (at: number) => void;
  setAttemptId: (id: string) => void;
  /** Whoever is signed in now. */
  user: { readonly current: User | null | undefined };
  /** The page's query cache: the student's record, asked for when the test began. */
  queryClient: QueryClient;
}

export async function finish(
  { answers, noTranscript, part2Notes }: Extract<Command, { type: 'finish' }>,
  { resources, send, current, mounted }: EdgeContext,
  outcome: AttemptOutcome,
): Promise<void> {
  // Spec section 9's estimate, worked out once: the results show it (SCORED) and the save sends it.
  // Answers to the school's own questions are judged with their topic words, as the server will.
  const { school } = resources;
  const result = scoreSpeakingTest(answers, { transcript: !noTranscript, ...(school ? { school } : {}) });
  send({ type: 'SCORED', result });
  // Once the test is complete the attempt is submitted even if the page is left meanwhile (SCORED
  // then goes nowhere): the outbox outlives this page (setState after unmount is a no-op).
  const recorded = (await resources.recordingDone?.catch(() => null)) ?? null;
  const finishedAt = Date.now();
  outcome.setRecording(recorded);
  outcome.setCompletedAt(finishedAt);
  const signedIn = outcome.user.current;
  const studentId = await findStudentId(signedIn, outcome.queryClient);
  if (studentId === null || !signedIn) {
    send({ type: 'SAVE_RESULT', outcome: 'noStudentInfo' });
    return;
  }
  const id = resources.attemptId;
  const state = current.current;
  const body = buildSaveTestSessionBody({
    attemptId: id,
    studentId,
    answers,
    result,
    startedAt: state.startedAt ?? finishedAt,
    completedAt: finishedAt,
    demo: state.microphone.demo,
    noTranscript,
    noRecording: recorded === null && !state.microphone.demo,
    part2Notes,
  });
  const outbox = browserOutbox();
  await outbox.submit({ id, kind: 'test', ownerUserId: signedIn.id, saveUrl: TEST_SESSIONS_URL, body, recording: recorded });
  outcome.setAttemptId(id);
  if (!mounted.current) return;
  // Watched until saved: a refused save can still be sent by the results' Try again.
  resources.stopWatching = outbox.watch(id, (status) => {
    if (status.state !== 'saved' && status.state !== 'failed') return;
    send({ type: 'SAVE_RESULT', outcome: status.state });
    if (status.state !== 'saved') return;
    resources.stopWatching?.();
    resources.stopWatching = null;
  });
}
