import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import { NOTHING_MORE_ADVICE } from '../../../../shared/band-estimate/nothing-more';
import { scoreSpeakingTest, type SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { Bands } from './Bands';

/* The results' summary says when the estimate rests on a short test, right under the band. */

const SENTENCES = [
  'I work in a bank in the city centre and I enjoy helping customers every day because they trust me',
  'In my free time I read novels and I go cycling early in the morning with my friends',
  'I think travelling teaches young people to be independent and patient when things go wrong',
  'Schools should teach practical skills such as managing money and cooking for the family',
];

type Assessable = Extract<SpeakingTestResult, { assessable: true }>;

function scored(answers: readonly string[]): Assessable {
  const result = scoreSpeakingTest(answers.map((answer, i): SpeakingTestAnswer => ({ part: 1, questionNumber: i + 1, question: `Question ${i + 1}?`, answer, responseTimeMs: 1500, speakingTimeMs: 12_000 })));
  if (!result.assessable) throw new Error('the sample answers should be assessable');
  return result;
}

function textOf(answers: readonly string[] | Assessable): string {
  const result = 'criteria' in answers ? answers : scored(answers);
  return renderToStaticMarkup(
    <MantineProvider>
      <Bands result={result} canListenBack={false} />
    </MantineProvider>,
  )
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&#x27;', "'");
}

describe("the results' summary", () => {
  it('a test of a few dozen words: a rough guide, and longer answers give a surer one', () => {
    expect(textOf(SENTENCES)).toMatch(/Estimated overall band \d\.\d Based on only \d+ words, so only a rough guide\. Longer answers give a better estimate\./);
  });

  it('a test of 250 words or more says nothing of it', () => {
    const more = [
      'I grew up in a small town near the coast and I still enjoy walking by the sea with my family on weekends',
      'The town has a busy fish market, an old lighthouse and a long beach where children play cricket in the evening',
      'Most people there are fishermen or traders, and everyone knows their neighbours, which I miss now that I study in the city',
      'My father works at the harbour office and my mother teaches mathematics at the primary school near our house',
      'In summer the town fills with visitors from the city who come for the festival of boats and the fresh seafood',
      'When I finish my degree I would like to go back and open a small business there, perhaps a cafe for travellers',
      'The roads have become much better in recent years, so the journey to the city now takes less than two hours by bus',
      'Still, many young people leave to find work elsewhere, and the town is quieter in winter than it was in my childhood',
      'I think the local council should support new businesses so that families can stay together instead of moving away',
      'Tourism brings money, but it also raises the price of houses, which makes life harder for the people who were born there',
      'My grandmother remembers when there was no electricity at night and the whole street gathered to tell stories by lamplight',
      'Those stories taught me a lot about patience, hard work and the value of helping your neighbours when times are difficult',
    ];
    const text = textOf([...SENTENCES, ...more]);
    expect(text).toMatch(/Estimated overall band \d\.\d/);
    expect(text).not.toContain('rough guide');
  });

  it('names the lowest criterion with its advice, and any level with it on the band beside it', () => {
    const result = scored(SENTENCES);
    const withBands = (fluency: number, vocabulary: number, grammar: number, advice?: string): Assessable => ({
      ...result,
      criteria: {
        ...result.criteria,
        fluency: { ...result.criteria.fluency, base: fluency, rules: [], band: fluency, advice: advice ?? 'Speak for longer.' },
        vocabulary: { ...result.criteria.vocabulary, base: vocabulary, rules: [], band: vocabulary, advice: advice ?? 'Use less common words.' },
        grammar: { ...result.criteria.grammar, base: grammar, rules: [], band: grammar, advice: advice ?? 'Use more complex sentences.' },
      },
    });
    expect(textOf(withBands(6, 6.5, 5.5))).toContain('Work on next (Grammar): Use more complex sentences. An estimate');
    expect(textOf(withBands(5, 6, 5))).toContain('Work on next (Fluency, same band as Grammar): Speak for longer. An estimate');
    expect(textOf(withBands(8.5, 8.5, 8.5, NOTHING_MORE_ADVICE))).toContain(`Work on next (Fluency, same band as Vocabulary and Grammar): ${NOTHING_MORE_ADVICE} An estimate`);
  });
});
