/*
 * The recorder and the microphone's level, for the speaking test's commands (SPEC.md section 4:
 * recording from Start Test to the end; the recorder check, src/client/speech/recorder-check.ts).
 * Asking for the microphone and demo mode's stream are in microphone.ts (the setup screen's part).
 */
import { RECORDING_CHUNK_INTERVAL_MS } from '../../../../shared/speaking-test/constants';
import { createAudioRecorder, recordingStopwatch, startVoiceMeter } from '../../../speech';
import { loadToasts } from '../../../lib/load-toasts';
import type { Command } from '../flow';
import type { EdgeContext } from './context';

export type AudioCommand = Extract<Command, { type: 'startRecording' | 'stopRecording' | 'startVoiceMeter' | 'stopVoiceMeter' | 'checkRecording' }>;

export function runAudioCommand(command: AudioCommand, { device, resources, send }: EdgeContext): void {
  switch (command.type) {
    case 'startRecording': {
      loadToasts();
      // Counted from the command even when the recorder cannot start: that is what the check is to catch.
      resources.recorded = recordingStopwatch();
      resources.recorded.run();
      if (!resources.stream) {
        send({ type: 'RECORDING_ERROR' });
        return;
      }
      // Recording chunks every second (spec section 9).
      const created = createAudioRecorder({ isApple: device.isApple, timesliceMs: RECORDING_CHUNK_INTERVAL_MS });
      try {
        created.start(resources.stream);
        resources.recorder = created;
      } catch {
        send({ type: 'RECORDING_ERROR' });
      }
      return;
    }
    case 'stopRecording': {
      resources.recorded?.hold();
      const active = resources.recorder;
      resources.recordingDone = active
        ? active.stop().then((result) => (result.chunkCount > 0 && result.blob.size > 0 ? { blob: result.blob, mimeType: result.mimeType } : null))
        : Promise.resolve(null);
      return;
    }
    case 'startVoiceMeter':
      resources.voiceMeter?.stop();
      resources.voiceMeter = resources.stream
        ? startVoiceMeter(resources.stream, { onChange: (change) => send({ type: 'VOICE', speaking: change.speaking, at: change.at }) })
        : null;
      return;
    case 'stopVoiceMeter':
      resources.voiceMeter?.stop();
      resources.voiceMeter = null;
      return;
    case 'checkRecording':
      // The time recorded as it really passed (speech/recording-stopwatch.ts): a page clock run forward is not a stopped recorder.
      send({ type: 'RECORDING_CHECKED', chunkCount: resources.recorder?.chunkCount ?? 0, recordedMs: resources.recorded?.elapsed() ?? 0 });
      return;
  }
}
