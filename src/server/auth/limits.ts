/**
 * Request budgets for the endpoints that check passwords or send mail. A sign-in or access check is
 * counted before its password is checked and given back when it succeeds: the password budgets limit
 * guesses, not a class signing in (decision 0029).
 */
export interface RateLimits {
  /** Sign-in per client address (a classroom may share one address); student check-access per teacher's device, its session (a school's rooms share one address). */
  signInPerClient: { max: number; windowMs: number };
  /** Check-access per account named; sign-in per account named and client address, from a browser not known to the account (decision 0029). */
  signInPerAccount: { max: number; windowMs: number };
  /** Sign-in per account named, from every address together, for browsers not known to the account: the cap on guessing from many addresses. */
  signInPerAccountEverywhere: { max: number; windowMs: number };
  /** Sign-in from a browser that signed in to the account before, per browser and account. */
  signInPerKnownDevice: { max: number; windowMs: number };
  /**
   * Sign-ins that succeeded, per account from every address: the budgets above give a right password's
   * count back, so without this one whoever knows it could make the server derive keys (and store a
   * session and a known browser) as often as they liked (decision 0077).
   */
  signInsPerAccount: { max: number; windowMs: number };
  forgotPerClient: { max: number; windowMs: number };
  forgotPerEmail: { max: number; windowMs: number };
  /** Password changes (current password checks), per client address. */
  changePasswordPerClient: { max: number; windowMs: number };
  /** Password changes, per signed-in account: every call counts, right or wrong. */
  changePasswordPerAccount: { max: number; windowMs: number };
  /** Attempts saved per student (speaking tests and interviews together, retries included). */
  savesPerStudent: { max: number; windowMs: number };
  /** New attempts saved per student (an attempt id not saved before; both kinds together): what reaches the teachers' review queue. */
  newAttemptsPerStudent: { max: number; windowMs: number };
  /** Recording uploads per student (retries included). */
  uploadsPerStudent: { max: number; windowMs: number };
  /**
   * One student's recordings arriving at the same moment, in one process (recordings/routes.ts): a
   * recording's body may take hours at the slowest rate taken, so this, not the hourly budget, stops
   * one student holding hundreds of connections and open files.
   */
  uploadsAtOncePerStudent: { max: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerClient: { max: 60, windowMs: 15 * 60 * 1000 },
  signInPerAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  signInPerAccountEverywhere: { max: 100, windowMs: 15 * 60 * 1000 },
  signInPerKnownDevice: { max: 10, windowMs: 15 * 60 * 1000 },
  // Two a minute for a quarter of an hour: a student signs in once a lesson, a shared computer once per
  // student; a phone that keeps losing its session a few times.
  signInsPerAccount: { max: 30, windowMs: 15 * 60 * 1000 },
  forgotPerClient: { max: 10, windowMs: 60 * 60 * 1000 },
  forgotPerEmail: { max: 3, windowMs: 60 * 60 * 1000 },
  changePasswordPerClient: { max: 60, windowMs: 15 * 60 * 1000 },
  changePasswordPerAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  // A student finishes a test in 15 minutes; a device's outbox retries a stuck save about once a minute.
  savesPerStudent: { max: 120, windowMs: 60 * 60 * 1000 },
  // A student doing a 15-minute test back to back for seven hours saves 28 a day; made-up attempts
  // filling the teachers' review queue stop at 30 a day instead of 120 an hour. A save refused here
  // stays in the student's outbox and goes in once the day's window ends.
  newAttemptsPerStudent: { max: 30, windowMs: 24 * 60 * 60 * 1000 },
  uploadsPerStudent: { max: 120, windowMs: 60 * 60 * 1000 },
  // A test's recording is one upload; a phone back online sends every unsent test's at once, and one
  // past the third waits for its retry (429 is retried). A connection dropped without a word holds its
  // slot until the body's minute of silence ends it (lib/body-deadline.ts), so a retry still has room.
  uploadsAtOncePerStudent: { max: 3 },
};
