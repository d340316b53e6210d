import { bandText, CRITERIA_OF, CRITERION_LABELS, type AttemptKind } from '../../shared/api/admin-attempts.js';
import type { Mailer } from '../mail/mailer.js';
import type { ReleaseOutcome } from './review.js';

/* The e-mail that tells a student their teacher's review is released (decision 0016). */

const KIND_NAMES: Record<AttemptKind, string> = { ielts: 'speaking test', interview: 'mock interview' };

/** The e-mail telling a student their teacher's review is ready. */
export async function mailReviewReady(
  mailer: Mailer,
  outcome: ReleaseOutcome,
  options: { appTitle: string; publicUrl: string | undefined; timeZone: string; attemptId: string; amended: boolean },
): Promise<void> {
  const { recipient, release } = outcome;
  if (!recipient.email) return;
  const kind = recipient.kind;
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: options.timeZone }).format(recipient.completedAt);
  const band = (value: number | null | undefined) => (value === null || value === undefined ? 'not given' : bandText(kind, value));
  const noun = kind === 'ielts' ? 'band' : 'score';
  const url = options.publicUrl ? new URL(`/progress/attempts/${options.attemptId}`, options.publicUrl).toString() : undefined;
  await mailer.send({
    to: recipient.email,
    subject: `${options.appTitle}: your teacher's review is ${options.amended ? 'updated' : 'ready'}`,
    text: [
      `Hello ${recipient.studentName},`,
      '',
      `Your teacher has ${options.amended ? 'updated their review' : 'reviewed'} your ${KIND_NAMES[kind]} of ${date}.`,
      '',
      `Your teacher's overall ${noun}: ${band(release.scores?.overall)}`,
      ...CRITERIA_OF[kind].map((criterion) => `  ${CRITERION_LABELS[criterion]}: ${band(release.scores?.[criterion])}`),
      `The automatic estimate was: ${band(recipient.estimate)}`,
      ...(release.comment ? ['', 'Your teacher wrote:', release.comment] : []),
      '',
      url ? `Read it with your answers and recording here: ${url}` : 'Sign in and open "My progress" to read it with your answers and recording.',
    ].join('\n'),
  });
}
