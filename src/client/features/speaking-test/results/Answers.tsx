import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import { PART_TITLES } from '../../../../shared/speaking-test/constants';
import type { NonAnswer } from '../../../../shared/speaking-test/non-answers';
import type { QuestionSet } from '../../../../shared/speaking-test/questions';
import { AnswerText, anyAnswerText, askedText, MarksLegend } from '../../../components/scores';
import { nonAnswerOf } from './criteria';
import { NotCounted } from './NonAnswers';

/** Every answer by part, as transcribed, with the marks and why an answer was not counted. */
export function Answers({
  answers,
  questions,
  noTranscript,
  recorded = true,
  nonAnswers,
}: {
  answers: readonly SpeakingTestAnswer[];
  questions: QuestionSet;
  noTranscript: boolean;
  /** A recording was made on this device (false: nothing says the answers were recorded). */
  recorded?: boolean;
  nonAnswers: readonly NonAnswer[];
}) {
  const parts = ([1, 2, 3] as const).filter((part) => answers.some((answer) => answer.part === part));
  const cueCard = questions.part2[0];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-answers">
      <Stack gap="md">
        <Title order={2} size="h3" id="results-answers">
          Your answers
        </Title>
        {answers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No answers were recorded.
          </Text>
        ) : (
          <>
            {/* The highlights' key only over answers with words: not when every answer was recorded, not transcribed. */}
            {anyAnswerText(answers.map((answer) => answer.answer)) ? <MarksLegend /> : null}
            {parts.map((part) => (
              <Stack key={part} gap="sm" component="section" aria-labelledby={`results-part-${part}`}>
                <Title order={3} size="h4" id={`results-part-${part}`}>
                  Part {part}: {PART_TITLES[part]}
                </Title>
                <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                  {answers
                    .filter((answer) => answer.part === part)
                    .map((answer) => ({ answer, notCounted: nonAnswerOf(nonAnswers, answer) }))
                    .map(({ answer, notCounted }) => (
                      <li key={`${answer.part}-${answer.questionNumber}`}>
                        <Stack gap={4}>
                          {part === 2 && cueCard ? (
                            <>
                              <Text size="sm" fw={600}>
                                Cue card: {cueCard.topic}
                              </Text>
                              <List size="sm" spacing={0}>
                                {cueCard.bullets.map((bullet) => (
                                  <List.Item key={bullet}>{bullet}</List.Item>
                                ))}
                              </List>
                            </>
                          ) : (
                            <Text size="sm" fw={600}>
                              Q{answer.questionNumber}. {answer.question}
                            </Text>
                          )}
                          <AnswerText
                            text={answer.answer}
                            question={askedText(answer.question, part === 2 ? cueCard : null)}
                            counted={notCounted === undefined}
                            noTranscript={noTranscript}
                            recorded={recorded}
                          />
                          <NotCounted nonAnswer={notCounted} />
                          {answer.repeated ? (
                            <Text size="xs" c="dimmed">
                              You asked to hear this question again.
                            </Text>
                          ) : null}
                        </Stack>
                      </li>
                    ))}
                </Stack>
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
