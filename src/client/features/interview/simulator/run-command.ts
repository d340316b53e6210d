import type { SaveInterviewSessionBody } from '../../../../shared/api/interview';
import { readDeviceInfo } from '../../../lib/device';
import { toastError, toastSuccess } from '../../../lib/notify';
import { releaseStream, requestMicrophone, startVoiceMeter, type RecordingResult } from '../../../speech';
import type { InterviewCommand } from '../flow';
import { logInfo, type Boundary, type EventWithoutClock } from './browser-boundary';

/* Carries out one of the flow's commands on the browser boundary, feeding what happens back as events. */

export interface CommandEdge {
  dispatch: (event: EventWithoutClock) => void;
  /** The stopped recording, for the downloads and the completed view (null: none). */
  setRecording: (recording: RecordingResult | null) => void;
  /** Hands the finished interview to the outbox. */
  submit: (current: Boundary, sessionData: SaveInterviewSessionBody['sessionData']) => Promise<void>;
  /** The flow's own navigation (page hide), which the leave confirmation must not block. */
  leave: (to: string) => void;
}

export function runCommand(current: Boundary, command: InterviewCommand, edge: CommandEdge): void {
  const send = (event: EventWithoutClock) => {
    if (!current.disposed) edge.dispatch(event);
  };
  switch (command.type) {
    case 'requestMicrophone':
      void requestMicrophone({ isApple: readDeviceInfo().isApple }).then(
        (stream) => {
          if (current.disposed) return releaseStream(stream);
          releaseStream(current.stream);
          current.stream = stream;
          send({ type: 'MIC_GRANTED' });
        },
        (error: unknown) => {
          logInfo('microphone refused', error instanceof Error ? error.message : error);
          send({ type: 'MIC_DENIED' });
        },
      );
      return;
    case 'speak':
      void current.voice.speak(command.text).then((result) => {
        if (result.outcome !== 'ended') logInfo(`speech ${command.id}: ${result.outcome}`, result.error);
        send({ type: 'SPEECH_DONE', id: command.id, outcome: result.outcome });
      });
      return;
    case 'cancelSpeech':
      current.voice.cancel();
      return;
    case 'startListening':
      void current.recognizer.start();
      return;
    case 'stopListening':
      void current.recognizer.stop();
      return;
    case 'startRecording':
      if (!current.stream) return logInfo('no microphone stream to record');
      try {
        current.recorder.start(current.stream);
      } catch (error) {
        logInfo('recording did not start', error instanceof Error ? error.message : error);
      }
      return;
    case 'startVoiceMeter':
      current.voiceMeter?.stop();
      current.voiceMeter = current.stream
        ? startVoiceMeter(current.stream, { onChange: (change) => send({ type: 'VOICE', speaking: change.speaking, at: change.at }) })
        : null;
      return;
    case 'stopVoiceMeter':
      current.voiceMeter?.stop();
      current.voiceMeter = null;
      return;
    case 'pauseRecording':
      current.recorder.pause();
      return;
    case 'resumeRecording':
      current.recorder.resume();
      return;
    case 'stopRecording': {
      const stopped = current.recorder.stop().then(
        (result) => result,
        (error: unknown) => {
          logInfo('recording did not stop cleanly', error instanceof Error ? error.message : error);
          return null;
        },
      );
      current.recording = stopped;
      void stopped.then((result) => {
        if (current.disposed) return;
        edge.setRecording(result && result.blob.size > 0 ? result : null);
        send({ type: 'AUDIO_READY', hasAudio: !!result && result.blob.size > 0 });
      });
      return;
    }
    case 'schedule': {
      const pending = current.timers.get(command.timer);
      if (pending !== undefined) clearTimeout(pending);
      const timer = command.timer;
      current.timers.set(
        timer,
        setTimeout(() => {
          current.timers.delete(timer);
          send({ type: 'TIMER', timer });
        }, command.delayMs),
      );
      return;
    }
    case 'cancelTimer': {
      const pending = current.timers.get(command.timer);
      if (pending !== undefined) clearTimeout(pending);
      current.timers.delete(command.timer);
      return;
    }
    case 'toast':
      if (command.kind === 'success') toastSuccess(command.title, command.message);
      else toastError(command.title, command.message);
      return;
    case 'log':
      logInfo(command.message, command.detail);
      return;
    case 'save':
      void edge.submit(current, command.sessionData);
      return;
    case 'navigate':
      edge.leave(command.to);
      return;
  }
}
