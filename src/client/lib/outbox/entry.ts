/* What the outbox keeps for each finished test or interview, and the status pages show (see outbox.ts). */

export type OutboxKind = 'test' | 'interview';

export interface OutboxRecording {
  blob: Blob;
  /** The recorder's MIME type, e.g. 'audio/webm;codecs=opus'; sent as the upload's content type. */
  mimeType: string;
}

export interface OutboxSubmission {
  /** The attempt id (a UUID the client made once for this test or interview). */
  id: string;
  kind: OutboxKind;
  /** The signed-in user who finished it: entries are only sent while that user is signed in. */
  ownerUserId: number;
  /** Where the attempt is posted, e.g. '/api/test-sessions'. */
  saveUrl: string;
  body: unknown;
  recording: OutboxRecording | null;
}

export interface OutboxEntry extends OutboxSubmission {
  createdAt: number;
  /** Failed sends so far (of either step); drives the backoff. */
  tries: number;
  nextTryAt: number;
  attemptSaved: boolean;
  /** The server's answer to the attempt (its own scores), once saved. */
  result: unknown;
  /** The server refused the attempt for good (a 4xx other than 401/408/429): kept, not retried. */
  refused: { status: number; message: string } | null;
  lastError: string | null;
}

export type OutboxStatus =
  /** Not in this outbox: never submitted from this browser, or confirmed before this page loaded. */
  | { state: 'unknown' }
  | {
      state: 'pending';
      attemptSaved: boolean;
      tries: number;
      /** When the next send is due (ms since epoch); null while a send is running. */
      nextTryAt: number | null;
      /** When the send now running started (ms since epoch); null between sends. */
      sendingSince: number | null;
      lastError: string | null;
      /** The server answered 401: sending resumes when the same user signs in again. */
      waitingForSignIn: boolean;
      /** The browser would not store it: it is kept in this page's memory only. */
      memoryOnly: boolean;
    }
  | { state: 'saved'; result: unknown; recordingError: string | null }
  | { state: 'failed'; status: number; message: string };
