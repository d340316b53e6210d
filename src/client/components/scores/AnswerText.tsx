import { Group, Text, VisuallyHidden } from '@mantine/core';
import classes from './AnswerText.module.css';
import { markAnswer, type AnswerPiece, type MarkKind } from './mark-answer';
import { wordlessAnswerText, type WordlessAnswerContext } from './answer-text';

const SPOKEN: Record<MarkKind, string> = { filler: 'filler', slip: 'grammar mistake', rare: 'less common word' };

/**
 * `question`: what the student was asked (a cue card's topic and points); its words are not marked
 * as less common. `pieces`: the answer already marked (`markAnswer`), where the caller counts the
 * marks as well. `noTranscript` and `recorded`: what an empty answer means (`wordlessAnswerText`).
 * `counted` false: an answer the estimate did not count, no word of which is marked less common.
 */
export function AnswerText({
  text,
  question,
  pieces,
  counted,
  noTranscript,
  recorded,
}: { text: string; question?: string; pieces?: readonly AnswerPiece[]; counted?: boolean } & WordlessAnswerContext) {
  const wordless = wordlessAnswerText(text, { noTranscript, recorded });
  if (wordless !== null) {
    // Said as it is, never marked as words.
    return (
      <Text size="sm" c="dimmed" fs="italic" data-testid="wordless-answer">
        {wordless}
      </Text>
    );
  }
  return (
    <Text size="sm" className={classes.answer}>
      {(pieces ?? markAnswer(text, question, counted)).map((piece, index) =>
        piece.kind === null ? (
          piece.text
        ) : (
          <span key={index}>
            <mark className={classes[piece.kind]} data-kind={piece.kind}>
              {piece.text}
              <VisuallyHidden> ({SPOKEN[piece.kind]}{piece.correction ? `; say: ${piece.correction}` : ''})</VisuallyHidden>
            </mark>
            {piece.correction ? (
              <ins className={classes.correction} data-kind="correction" aria-hidden="true">
                {piece.correction}
              </ins>
            ) : null}
          </span>
        ),
      )}
    </Text>
  );
}

export function MarksLegend() {
  return (
    <Group gap="lg" wrap="wrap" aria-label="Highlights in the answers" role="group">
      <Text size="sm">
        <mark className={classes.filler}>um</mark> Filler (um, uh, er, ah, like, you know, well, so)
      </Text>
      <Text size="sm">
        <mark className={classes.slip}>she are</mark>
        <ins className={classes.correction}>she is</ins> Grammar mistake, with the right form
      </Text>
      <Text size="sm">
        <mark className={classes.rare}>scenery</mark> Less common word (not among the 2,000 most used in spoken English; words from the question are not marked)
      </Text>
    </Group>
  );
}
