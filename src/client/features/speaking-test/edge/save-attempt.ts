/*
 * The end of the test (SPEC.md section 4, complete: scoring, saving): the estimate is worked out
 * (SCORED), the attempt and its recording are handed to the durable outbox, and its status comes back
 * to the flow as SAVE_RESULT. Loaded once the test has started (saving.ts), not with the page.
 */
import type { StudentProfile, User } from '../../../../shared/api/auth';
import { scoreSpeakingTest, type SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import type { SchoolQuestionLookup } from '../../../../shared/speaking-test/school-questions';
import { apiGet } from '../../../lib/api';
import { browserOutbox } from '../../../lib/outbox';
import { readStudentInfo } from '../../../lib/student-info';
import type { Command } from '../flow';
import { buildSaveTestSessionBody } from '../save-body';
import type { EdgeContext } from './context';
import type { TestRecording } from './resources';

export const TEST_SESSIONS_URL = '/api/test-sessions';

/** The student the attempt is saved for: stored info, the teacher's acting student, or the student's own record. */
async function findStudentId(user: User | null | undefined): Promise<number | null> {
  const stored = readStudentInfo();
  if (stored) return stored.id;
  if (!user) return null;
  if (user.actingStudent) return user.actingStudent.id;
  if (user.isAdmin) return null;
  try {
    const profile = await apiGet<StudentProfile>('/api/student/profile');
    return profile.student.id;
  } catch {
    return null;
  }
}

/**
 * Spec section 9's estimate of the completed test (the 'score' command; the flow keeps it as SCORED),
 * answers to the school's own questions judged with their topic words, as the server will.
 */
export function scoreAnswers({ answers, noTranscript }: Extract<Command, { type: 'score' }>, school: SchoolQuestionLookup | null = null): SpeakingTestResult {
  return scoreSpeakingTest(answers, { transcript: !noTranscript, ...(school ? { school } : {}) });
}

/** What the page shows of the finished attempt (React state setters; a call after unmount does nothing). */
export interface AttemptOutcome {
  setRecording: (recording: TestRecording | null) => void;
  setCompletedAt: (at: number) => void;
  setAttemptId: (id: string) => void;
  /** Whoever is signed in now. */
  user: { readonly current: User | null | undefined };
}

export async function scoreAndSave(
  { answers, result, noTranscript, part2Notes }: Extract<Command, { type: 'scoreAndSave' }>,
  { resources, send, current, mounted }: EdgeContext,
  outcome: AttemptOutcome,
): Promise<void> {
  // Once the test is complete the attempt is submitted even if the page is left meanwhile:
  // the outbox outlives this page (setState after unmount is a no-op).
  const recorded = (await resources.recordingDone?.catch(() => null)) ?? null;
  const finishedAt = Date.now();
  outcome.setRecording(recorded);
  outcome.setCompletedAt(finishedAt);
  const signedIn = outcome.user.current;
  const studentId = await findStudentId(signedIn);
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
    answeredAt: resources.answeredAt,
    demo: state.microphone.demo,
    noTranscript,
    noRecording: recorded === null && !state.microphone.demo,
    part2Notes,
  });
  const outbox = browserOutbox();
  await outbox.submit({ id, kind: 'test', ownerUserId: signedIn.id, saveUrl: TEST_SESSIONS_URL, body, recording: recorded });
  outcome.setAttemptId(id);
  if (!mounted.current) return;
  resources.stopWatching = outbox.watch(id, (status) => {
    if (status.state !== 'saved' && status.state !== 'failed') return;
    send({ type: 'SAVE_RESULT', outcome: status.state });
    resources.stopWatching?.();
    resources.stopWatching = null;
  });
}
