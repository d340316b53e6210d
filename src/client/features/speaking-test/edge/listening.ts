/*
 * The examiner's voice and speech recognition, for the speaking test's commands. The recognizer
 * never restarts by itself here: every end of a recognition session reaches the flow, which
 * decides (flow/recognition.ts). This runner only spaces the starts (MIN_LISTEN_RESTART_MS) and
 * passes Android's finals through the flow's repeat filter.
 */
import {
  createExaminerVoice,
  createRecognizer,
  speakingTestRecognitionLang,
  speakingTestVoiceSettings,
  type ExaminerVoice,
  type Recognizer,
} from '../../../speech';
import { answerKey, createRepeatFilter, MIN_LISTEN_RESTART_MS, type Command } from '../flow';
import { sendDeviceDebug } from '../device-debug';
import type { EdgeContext } from './context';

export type ListeningCommand = Extract<Command, { type: 'speak' | 'startListening' | 'stopListening' }>;

function examinerVoice({ device, resources }: EdgeContext): ExaminerVoice {
  resources.voice ??= createExaminerVoice(speakingTestVoiceSettings(device));
  return resources.voice;
}

function recognizer(context: EdgeContext): Recognizer {
  const { device, resources, send, current } = context;
  if (resources.recognizer) return resources.recognizer;
  // No transparent restarts here: every end of a recognition session reaches the flow, which
  // decides (spec section 4): 2 s later the answer completes on desktop-like devices (also when
  // nothing was said, so a silent student is not stuck), Part 2 listens again, Android restarts
  // at most 3 times and then falls back.
  const created = createRecognizer({ lang: speakingTestRecognitionLang(device), isAndroid: device.isAndroid, maxRestarts: 0 });
  created.on('interim', (text) => send({ type: 'INTERIM', text }));
  created.on('final', (segment) => {
    const text = device.isAndroid ? (resources.androidRepeats ??= createRepeatFilter()).accept(answerKey(current.current), segment.text) : segment.text;
    if (!text) return;
    send({ type: 'FINAL', text, at: segment.at, ...(segment.confidence === null ? {} : { confidence: segment.confidence }) });
  });
  created.on('firstSpeech', (at) => send({ type: 'FIRST_SPEECH', at }));
  created.on('error', (error) => send({ type: 'RECOGNITION_ERROR', code: error.code, message: error.message }));
  created.on('end', (reason) => {
    // stop() and abort() are the flow's own doing; the other ends are recognition giving up.
    if (reason === 'error' || reason === 'restart-limit') send({ type: 'RECOGNITION_ENDED' });
  });
  resources.recognizer = created;
  return created;
}

export function runListeningCommand(command: ListeningCommand, context: EdgeContext): void {
  const { device, resources, send } = context;
  switch (command.type) {
    case 'speak': {
      const { id, text } = command;
      void examinerVoice(context)
        .speak(text)
        .then((result) => send({ type: 'SPEECH_DONE', id, outcome: result.outcome }));
      return;
    }
    case 'startListening': {
      // A recognizer that fails at once (network, refused) would otherwise restart in a tight loop in Part 2.
      const wait = resources.lastListenStart + MIN_LISTEN_RESTART_MS - Date.now();
      const start = () => {
        resources.listenTimer = null;
        resources.lastListenStart = Date.now();
        // Spec section 7: Android reports the device each time listening starts (fire and forget).
        if (device.isAndroid) sendDeviceDebug('listening-start');
        void recognizer(context).start();
      };
      if (resources.listenTimer !== null) window.clearTimeout(resources.listenTimer);
      if (wait > 0) resources.listenTimer = window.setTimeout(start, wait);
      else start();
      return;
    }
    case 'stopListening':
      if (resources.listenTimer !== null) window.clearTimeout(resources.listenTimer);
      resources.listenTimer = null;
      void resources.recognizer?.stop();
      return;
  }
}
