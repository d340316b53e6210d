import { isTransient } from './retry-policy';

/*
 * One request of the outbox's two sending steps (the attempt as JSON, then the recording's raw
 * bytes), and what its answer means: done, try again, wait for sign-in, or refused for good.
 */

export interface OutboxResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

export type OutboxFetch = (
  url: string,
  init: { method: 'POST' | 'PUT'; headers: Record<string, string>; body: string | Blob; credentials: 'include'; signal: AbortSignal },
) => Promise<OutboxResponse>;

export type StepResult = { kind: 'ok'; body: string } | { kind: 'transient'; error: string } | { kind: 'signedOut' } | { kind: 'refused'; status: number; message: string };

export function recordingUploadUrl(attemptId: string): string {
  return `/api/attempts/${encodeURIComponent(attemptId)}/recording`;
}

/** The app's own sentence ({"message": …}), or null for any other answer (a proxy's HTML error page). */
function messageOf(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return null;
}

/**
 * What an answer without the app's sentence means, as the student reads it: a proxy's page (nginx's
 * "<html><head><title>502 Bad Gateway</title>…") is never shown as it is.
 */
function statusSentence(status: number): string {
  if (status === 502 || status === 503 || status === 504) return `The server could not be reached (${status}): it may be restarting.`;
  return `The server answered ${status}.`;
}

/** Why the outbox gave up waiting (its abort reason says after how long), as the status shows it. */
function givenUp(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : 'No answer from the server in time.';
}

/** Sends one request; `signal` is the outbox giving up on it (outbox.ts), which is worth another try. */
export async function sendStep(fetch: OutboxFetch, url: string, method: 'POST' | 'PUT', contentType: string, body: string | Blob, signal: AbortSignal): Promise<StepResult> {
  let response: OutboxResponse;
  try {
    response = await fetch(url, { method, headers: { 'content-type': contentType, accept: 'application/json' }, body, credentials: 'include', signal });
  } catch {
    if (signal.aborted) return { kind: 'transient', error: givenUp(signal) };
    // The browser's own words ("Failed to fetch", "NetworkError when attempting to fetch resource.") say nothing more to a student.
    return { kind: 'transient', error: 'No answer from the server: the device may be offline.' };
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    if (response.ok) return { kind: 'transient', error: signal.aborted ? givenUp(signal) : 'The server\'s answer was cut off.' };
  }
  if (response.ok) return { kind: 'ok', body: text };
  if (response.status === 401) return { kind: 'signedOut' };
  const message = messageOf(text);
  if (isTransient(response.status)) return { kind: 'transient', error: message === null ? statusSentence(response.status) : `${response.status}: ${message}` };
  return { kind: 'refused', status: response.status, message: message ?? statusSentence(response.status) };
}
