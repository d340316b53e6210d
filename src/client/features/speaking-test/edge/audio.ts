/*
 * The microphone, the recorder and the microphone's level, for the speaking test's commands
 * (SPEC.md section 4: microphone; recording from Start Test to the end; Apple's recording check).
 */
import { RECORDING_CHUNK_INTERVAL_MS } from '../../../../shared/speaking-test/constants';
import { createAudioRecorder, createSilentStream, describeMicrophoneError, releaseStream, requestMicrophone, startVoiceMeter } from '../../../speech';
import type { Command } from '../flow';
import type { EdgeContext } from './context';

export type AudioCommand = Extract<
  Command,
  { type: 'requestMicrophone' | 'createDemoStream' | 'startRecording' | 'stopRecording' | 'startVoiceMeter' | 'stopVoiceMeter' | 'checkRecording' }
>;

export function runAudioCommand(command: AudioCommand, { device, resources, send, mounted }: EdgeContext): void {
  switch (command.type) {
    case 'requestMicrophone':
      requestMicrophone({ isApple: device.isApple }).then(
        (granted) => {
          if (!mounted.current) return releaseStream(granted);
          releaseStream(resources.stream);
          resources.stream = granted;
          for (const track of granted.getAudioTracks()) {
            track.addEventListener('ended', () => send({ type: 'MICROPHONE_ERROR', message: 'The microphone stopped working.' }));
          }
          send({ type: 'MIC_GRANTED' });
        },
        (error: unknown) => send({ type: 'MIC_DENIED', message: describeMicrophoneError(error, device.isApple).message }),
      );
      return;
    case 'createDemoStream':
      resources.silent = createSilentStream();
      resources.stream = resources.silent.stream;
      return;
    case 'startRecording': {
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
      send({ type: 'RECORDING_CHECKED', hasChunks: (resources.recorder?.chunkCount ?? 0) > 0 });
      return;
  }
}
