import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { interviewAgreementText } from '../../../../shared/band-estimate/agreement';
import { INTERVIEW_BASIS_TEXT, scoreInterview } from '../../../../shared/interview';
import type { InterviewScoreName } from '../../../../shared/interview/next-step';
import { ScoreBreakdown } from './ScoreBreakdown';

/** The text a screen reader gets: what is aria-hidden left out, tags removed. */
function readText(markup: string): string {
  return markup
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<span aria-hidden="true">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

describe('ScoreBreakdown', () => {
  it('reads each score out of 9 ("3 out of 9"), not "3 slash 9", and still shows "/ 9"', () => {
    const report = scoreInterview([{ question: 'What motivates you?', category: 'Motivation', answer: 'I enjoy solving problems with a team because I learn from other people every day' }]);
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <ScoreBreakdown report={report} />
      </MantineProvider>,
    );
    const read = readText(markup);
    expect(read).toMatch(/Overall \d+(\.\d)? out of 9/);
    expect(read).toMatch(/Communication\d+(\.\d)? out of 9/);
    expect(read).not.toContain('/ 9');
    expect(markup).toContain('<span aria-hidden="true"> / 9</span>');
  });

  it('says under the overall how far the estimate is trusted, as the speaking test does (strong speakers read low)', () => {
    const report = scoreInterview([{ question: 'What motivates you?', category: 'Motivation', answer: 'I enjoy solving problems with a team because I learn from other people every day' }]);
    const read = readText(
      renderToStaticMarkup(
        <MantineProvider>
          <ScoreBreakdown report={report} />
        </MantineProvider>,
      ),
    );
    expect(read).toContain(interviewAgreementText().replace(/\s+/g, ' '));
    expect(interviewAgreementText()).toMatch(/often gives strong speakers too low a score \(learners graded band 6 or above got \d\.\d on average\)/);
  });

  it('says what the scores rest on, that Confidence counts words, and names stock phrases under their answer (decision 0072)', () => {
    const report = scoreInterview([
      { question: 'What would you say are your greatest strengths, and how have they helped you?', category: 'Strengths', answer: 'I am a hardworking team player and I always finish my tasks before the deadline for my manager.' },
      { question: 'What motivates you?', category: 'Motivation', answer: 'I enjoy solving problems with a team because I learn from other people every day' },
    ]);
    const read = readText(
      renderToStaticMarkup(
        <MantineProvider>
          <ScoreBreakdown report={report} />
        </MantineProvider>,
      ),
    );
    expect(read).toContain(INTERVIEW_BASIS_TEXT);
    expect(read).toContain('Confidence3.0 out of 9How much was said, not how confident it sounded: 33 words counted, up to 50 from each answer (33 said in all). 50 words in each of the 2 questions earns the full 9.');
    expect(read).toContain('Not counted: "hardworking", "team player", common phrases that any candidate could say. Say what you did instead.');
  });

  it('names scores on the same score as the lowest beside it in Work on next', () => {
    const report = scoreInterview([{ question: 'What motivates you?', category: 'Motivation', answer: 'I enjoy solving problems with a team because I learn from other people every day' }]);
    const read = (levelWith: InterviewScoreName[]) =>
      readText(
        renderToStaticMarkup(
          <MantineProvider>
            <ScoreBreakdown report={{ ...report, nextStep: { score: 'Relevance', advice: 'Answer what each question asks.', levelWith } }} />
          </MantineProvider>,
        ),
      );
    expect(read([])).toContain('Work on next (Relevance): Answer what each question asks.');
    expect(read(['Confidence', 'Clarity'])).toContain('Work on next (Relevance, same score as Confidence and Clarity): Answer what each question asks.');
  });
});
