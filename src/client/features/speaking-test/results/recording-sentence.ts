/* The results' sentence about the recording: what this device actually recorded decides it. */
/** What the results say about the recording, from what this device actually recorded (null: nothing to add). */
export function recordingSentence(input: { recorded: boolean; demo: boolean; awaitingTeacher: boolean }): string | null {
  if (input.demo) return null;
  if (input.recorded) return input.awaitingTeacher ? 'Your recording is sent with your answers: your teacher listens to it to give your bands.' : null;
  return input.awaitingTeacher
    ? 'No recording was made on this device, so your answers cannot be scored: there is nothing for your teacher to listen to. Use Chrome on a computer or an Android phone if you can, or retake the test.'
    : 'No recording was made on this device: your estimate comes from the transcript, but your teacher cannot listen to your answers. Use Chrome on a computer or an Android phone if you can, or retake the test.';
}
