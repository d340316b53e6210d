import type { ServerResponse } from 'node:http';
import { HttpError } from './http-errors.js';

/**
 * How many CSV exports run at once: one per teacher, and a few in this process (decision 0029's
 * addendum). An export reads the whole list page after page; several at once take turns with every
 * other request for this process's event loop and database connections (on PGlite its only one), so
 * their number is what stalls other teachers, not how often one asks.
 */
export interface ExportLimits {
  perTeacher: number;
  perProcess: number;
}

export const EXPORT_LIMITS: ExportLimits = { perTeacher: 1, perProcess: 2 };

export const EXPORT_ALREADY_RUNNING = 'An export is already being prepared. Please wait until it has downloaded, then try again.';
export const EXPORTS_BUSY = 'Other teachers are exporting right now. Please wait a minute, then try again.';

/** Seconds a refused export is told to wait (Retry-After): its own export is usually done within them. */
const RETRY_OWN_SECONDS = 10;
const RETRY_BUSY_SECONDS = 60;

export interface ExportSlots {
  /**
   * Takes a slot for the teacher until the response closes: when it has been sent, when it fails, or
   * when the client goes away mid-stream. Throws the 429 to answer when none is free.
   */
  hold(teacherId: number, response: ServerResponse): void;
  /** How many exports hold a slot now. */
  readonly running: number;
}

/** The slots of one app (one per server process). */
export function createExportSlots(limits: ExportLimits = EXPORT_LIMITS): ExportSlots {
  const perTeacher = new Map<number, number>();
  let running = 0;
  return {
    get running() {
      return running;
    },
    hold(teacherId, response) {
      const own = perTeacher.get(teacherId) ?? 0;
      if (own >= limits.perTeacher) throw new HttpError(429, EXPORT_ALREADY_RUNNING, { 'retry-after': String(RETRY_OWN_SECONDS) });
      if (running >= limits.perProcess) throw new HttpError(429, EXPORTS_BUSY, { 'retry-after': String(RETRY_BUSY_SECONDS) });
      running += 1;
      perTeacher.set(teacherId, own + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        running -= 1;
        const left = (perTeacher.get(teacherId) ?? 1) - 1;
        if (left > 0) perTeacher.set(teacherId, left);
        else perTeacher.delete(teacherId);
      };
      response.once('close', release);
      // A client that left while the request was being checked: its 'close' has already been emitted.
      if (response.destroyed || response.socket?.destroyed) release();
    },
  };
}

/**
 * Readable.from's options for an export's pieces (a piece is a page of rows): read one page ahead of
 * what the client has taken, not Node's default sixteen, so a download whose reader stalls holds one
 * page in memory and stops sending statements to the database.
 */
export const EXPORT_STREAM_OPTIONS = { highWaterMark: 1 } as const;
