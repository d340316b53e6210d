import { cancel } from './commands';
import type { InterviewCommand, InterviewState, RecordingState } from './types';

/* What both ends of a running interview stop: completion and page hide (SPEC.md section 4 'Interview simulator'). */

/** The question timers, the countdown and time limit, the voice, the recording and the voice meter. */
export function stopSessionCommands(state: InterviewState): InterviewCommand[] {
  const commands: InterviewCommand[] = [cancel('firstQuestion'), cancel('nextQuestion'), cancel('tick'), cancel('timeLimit')];
  if (state.speechId !== null) commands.push({ type: 'cancelSpeech' });
  if (state.recordingStarted) commands.push({ type: 'stopRecording' });
  commands.push({ type: 'stopVoiceMeter' });
  return commands;
}

/** The recording once the interview has ended. */
export function endedRecording(state: InterviewState): RecordingState {
  return state.recordingStarted ? 'stopped' : 'off';
}
