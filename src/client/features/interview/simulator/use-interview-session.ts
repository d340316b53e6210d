import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, type Blocker } from 'react-router';
import type { SaveInterviewSessionBody } from '../../../../shared/api/interview';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import { browserOutbox, useOutboxStatus, type OutboxStatus } from '../../../lib/outbox';
import { randomUuid } from '../../../lib/uuid';
import { findSpeechRecognition, type RecordingResult } from '../../../speech';
import { initialInterviewState, interviewReducer, isInterviewRunning, type InterviewEvent, type InterviewState } from '../flow';
import { closeBoundary, openBoundary, type Boundary, type EventWithoutClock } from './browser-boundary';
import { useLeaveGuard } from './leave-guard';
import { runCommand } from './run-command';

/*
 * The edge of the mock interview: owns the pure reducer (../flow) and carries out each new batch of
 * its commands exactly once on the real browser boundary (microphone, examiner voice, recognizer,
 * the one continuous recording, timers keyed by name, toasts, saving, navigation), feeding what
 * happens back as events. Everything is released on unmount.
 */

export interface InterviewSessionOptions {
  questions: readonly InterviewQuestion[];
  studentName: string;
  /** The signed-in user (the outbox sends only while they are signed in). */
  userId: number;
}

export interface InterviewSession {
  state: InterviewState;
  dispatch: (event: EventWithoutClock) => void;
  /** The attempt id once the interview has been handed to the outbox. */
  attemptId: string | null;
  saveStatus: OutboxStatus;
  /** The stopped recording (compressed, as recorded), null when there is none. */
  recording: RecordingResult | null;
  /** Blocks in-app navigation while the interview runs (the spec's leave confirmation). */
  blocker: Blocker;
  allowLeaving: () => void;
}

export function useInterviewSession({ questions, studentName, userId }: InterviewSessionOptions): InterviewSession {
  const navigate = useNavigate();
  const [state, rawDispatch] = useReducer(interviewReducer, undefined, () =>
    initialInterviewState({ questions, studentName, now: Date.now(), recognition: findSpeechRecognition() !== undefined }),
  );
  const dispatch = useCallback((event: EventWithoutClock) => rawDispatch({ ...event, now: Date.now() } as InterviewEvent), []);
  const boundary = useRef<Boundary | null>(null);
  const lastBatch = useRef<InterviewState['commands'] | null>(null);
  const attemptIdRef = useRef<string | null>(null);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [recording, setRecording] = useState<RecordingResult | null>(null);
  const saveStatus = useOutboxStatus(attemptId);
  /** Set just before the flow's own navigation (page hide), which must not be blocked. */
  const leaving = useRef(false);

  // The boundary lives as long as the page; StrictMode's second mount gets a fresh one.
  useEffect(() => {
    const current = openBoundary(dispatch);
    boundary.current = current;
    return () => {
      closeBoundary(current);
      if (boundary.current === current) boundary.current = null;
    };
  }, [dispatch]);

  const submit = useCallback(
    async (current: Boundary, sessionData: SaveInterviewSessionBody['sessionData']) => {
      const id = (attemptIdRef.current ??= randomUuid());
      const recorded = current.recording ? await current.recording : null;
      const body: SaveInterviewSessionBody = { attemptId: id, sessionData };
      try {
        await browserOutbox().submit({
          id,
          kind: 'interview',
          ownerUserId: userId,
          saveUrl: '/api/interview-sessions',
          body,
          recording: recorded && recorded.blob.size > 0 ? { blob: recorded.blob, mimeType: recorded.mimeType } : null,
        });
        setAttemptId(id);
      } catch (error) {
        dispatch({ type: 'SAVE_RESULT', ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    },
    [dispatch, userId],
  );

  const leave = useCallback(
    (to: string) => {
      leaving.current = true;
      void navigate(to, { replace: true });
    },
    [navigate],
  );

  // Each new batch of commands runs once, in order, then is taken off the queue.
  useEffect(() => {
    const current = boundary.current;
    const batch = state.commands;
    if (!current || batch.length === 0 || lastBatch.current === batch) return;
    lastBatch.current = batch;
    for (const command of batch) runCommand(current, command, { dispatch, setRecording, submit, leave });
    dispatch({ type: 'COMMANDS_TAKEN', count: batch.length });
  }, [state.commands, dispatch, submit, leave]);

  // The outbox's answer ends the save: its toasts come from the reducer.
  useEffect(() => {
    if (saveStatus.state === 'saved') dispatch({ type: 'SAVE_RESULT', ok: true });
    else if (saveStatus.state === 'failed') dispatch({ type: 'SAVE_RESULT', ok: false, message: saveStatus.message });
  }, [saveStatus, dispatch]);

  const onPageHide = useCallback(() => dispatch({ type: 'PAGE_HIDDEN' }), [dispatch]);
  const blocker = useLeaveGuard(isInterviewRunning(state), onPageHide, leaving);

  /** Before leaving the page by other means than a navigation (the header's Sign out): not blocked. */
  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  return { state, dispatch, attemptId, saveStatus, recording, blocker, allowLeaving };
}
