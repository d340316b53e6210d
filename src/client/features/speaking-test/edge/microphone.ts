/*
 * The microphone check's commands (SPEC.md section 4, "Microphone"): asking for the microphone (and,
 * once granted, whether this browser can record it at all), and demo mode's empty audio stream. Part of the setup screen's code (setup-command.ts), used by the
 * whole test's runner too (run-command.ts).
 */
import { createSilentStream, describeMicrophoneError, releaseStream, requestMicrophone } from '../../../speech/microphone';
import { canRecord } from '../../../speech/recorder-support';
import type { Command } from '../flow/types';
import type { EdgeContext } from './context';

export type MicrophoneCommand = Extract<Command, { type: 'requestMicrophone' | 'createDemoStream' }>;

export function runMicrophoneCommand(command: MicrophoneCommand, { device, resources, send, mounted }: EdgeContext): void {
  switch (command.type) {
    case 'requestMicrophone':
      requestMicrophone({ isApple: device.isApple, isAndroid: device.isAndroid }).then(
        (granted) => {
          if (!mounted.current) return releaseStream(granted);
          releaseStream(resources.stream);
          resources.stream = granted;
          for (const track of granted.getAudioTracks()) {
            track.addEventListener('ended', () => send({ type: 'MICROPHONE_ERROR', message: 'The microphone stopped working.' }));
          }
          // Whether this browser can record it at all: the ready card says so before Start Test when not.
          send({ type: 'MIC_GRANTED', canRecord: canRecord(granted, { isApple: device.isApple }) });
        },
        (error: unknown) => send({ type: 'MIC_DENIED', message: describeMicrophoneError(error, device.isApple, device.isAndroid).message }),
      );
      return;
    case 'createDemoStream':
      resources.silent = createSilentStream();
      resources.stream = resources.silent.stream;
      return;
  }
}
