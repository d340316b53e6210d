import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import type { QuestionSet } from '../../../../shared/speaking-test/questions';
import { Answers } from './Answers';

const answer = (questionNumber: number, question: string, text: string): SpeakingTestAnswer =>
  ({ part: 1, questionNumber, question, answer: text, responseTimeMs: 1000, speakingTimeMs: 9000 }) as SpeakingTestAnswer;

describe('the answers under the results', () => {
  it('mark no word of an answer that was not counted as less common: romaji is not rare English', () => {
    const answers = [answer(1, 'Where do you live?', 'watashi wa osaka ni sunde imasu shigoto wa kaishain desu'), answer(2, 'Do you work or study?', 'I work as a pharmacist in a hospital.')];
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <Answers
          answers={answers}
          questions={{ part1: [], part2: [], part3: [] } as unknown as QuestionSet}
          noTranscript={false}
          nonAnswers={[{ part: 1, questionNumber: 1, kind: 'not-english', reason: 'This answer does not seem to be in English, so it cannot be assessed.', wordCount: 10 }]}
        />
      </MantineProvider>,
    );
    expect([...markup.matchAll(/data-kind="rare">([^<]+)</g)].map((match) => match[1])).toEqual(['pharmacist']);
    expect(markup).toContain('Not counted: This answer does not seem to be in English');
  });
});
