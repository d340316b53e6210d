import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, type Blocker } from 'react-router';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import { startFlow, type WithoutNow } from '../../../lib/flow/runtime';
import { useFlow } from '../../../lib/flow/use-flow';
import { useOutboxStatus, type OutboxStatus } from '../../../lib/outbox';
import { findSpeechRecognition, type RecordingResult } from '../../../speech';
import { initialInterviewState, interviewStep, isInterviewRunning, type InterviewEffect, type InterviewEvent, type InterviewState, type InterviewTimer } from '../flow';
import { interviewEffects, type InterviewEdge } from './effects';
import { useLeaveGuard } from './leave-guard';

/*
 * The mock interview in the page: starts the flow (../flow on the runtime of src/client/lib/flow,
 * which runs each event's commands at once and owns the timers) with its effects (./effects.ts),
 * follows the saved interview in the outbox, and guards leaving while it runs. Everything is
 * released on unmount.
 */

export interface InterviewSessionOptions {
  questions: readonly InterviewQuestion[];
  studentName: string;
  /** The signed-in user (the outbox sends only while they are signed in). */
  userId: number;
}

export interface InterviewSession {
  state: InterviewState;
  dispatch: (event: WithoutNow<InterviewEvent>) => void;
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
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [recording, setRecording] = useState<RecordingResult | null>(null);
  /** Set just before the flow's own navigation (page hide), which must not be blocked. */
  const leaving = useRef(false);
  // What the effects reach in the page: the latest render's.
  const latest: InterviewEdge = {
    userId,
    setRecording,
    setAttemptId,
    leave: (to) => {
      leaving.current = true;
      // In a later task: when the page hide is the page going away (a reload, closing the tab),
      // that task never comes, and the navigation cannot unmount the page and clear the flag by
      // which the reloaded page ends the interview (leave-guard.ts).
      setTimeout(() => void navigate(to, { replace: true }), 0);
    },
  };
  const edge = useRef(latest);
  edge.current = latest;
  const [effects] = useState(() => interviewEffects(() => edge.current));
  const { flow, state } = useFlow(
    () =>
      startFlow<InterviewState, InterviewEvent, InterviewEffect, InterviewTimer>(
        initialInterviewState({ questions, studentName, now: Date.now(), recognition: findSpeechRecognition() !== undefined }),
        interviewStep,
        effects.run,
      ),
    effects.close,
  );
  const dispatch: (event: WithoutNow<InterviewEvent>) => void = flow.send;
  const saveStatus = useOutboxStatus(attemptId);

  // The outbox's answer ends the save: its toasts come from the flow.
  useEffect(() => {
    if (saveStatus.state === 'saved') dispatch({ type: 'SAVE_RESULT', ok: true });
    else if (saveStatus.state === 'failed') dispatch({ type: 'SAVE_RESULT', ok: false, message: saveStatus.message });
  }, [saveStatus, dispatch]);

  const onPageHide = useCallback(() => dispatch({ type: 'PAGE_CLOSED' }), [dispatch]);
  const blocker = useLeaveGuard(isInterviewRunning(state), onPageHide, leaving);

  // The page out of sight (another app or tab, the screen locked) pauses the interview until
  // Continue (flow/pause-step.ts); outside a running interview the flow ignores it.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') dispatch({ type: 'PAGE_HIDDEN' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  /** Before leaving the page by other means than a navigation (the header's Sign out): not blocked. */
  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  return { state, dispatch, attemptId, saveStatus, recording, blocker, allowLeaving };
}
