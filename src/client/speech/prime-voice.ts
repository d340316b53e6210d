/*
 * iOS Safari speaks only once the page has called speechSynthesis.speak() inside a tap, as it plays
 * audio only then; later calls need no tap. The examiner's first line comes after the tap has ended
 * (the speaking test draws its questions first, the interview waits for the voice list), so each
 * flow's Start calls this once, in its click: an empty utterance.
 */
export function primeSpeech(): void {
  try {
    speechSynthesis.speak(new SpeechSynthesisUtterance(''));
  } catch {
    // No speech synthesis: the questions are on the screen anyway.
  }
}
