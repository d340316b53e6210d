import { Stack } from '@mantine/core';
import type { AttemptDetail } from '../../../../shared/api/admin-attempts';
import { AnswersSection } from '../../../components/attempt/AnswersSection';
import { Section } from '../../../components/attempt/AttemptParts';
import { ReviewTrail } from '../../../components/attempt/ReviewParts';
import { LOWER_SECTIONS } from './lower-sections';

/*
 * The review page's sections below the fold on a laptop and a phone alike (the questions and
 * answers, the trail): loaded by AttemptReview when they come near the viewport, not on the first
 * visit (decision 0023).
 */
export function LowerSections({ detail }: { detail: AttemptDetail }) {
  return (
    <Stack gap="lg">
      <Section title={LOWER_SECTIONS.answers.title}>
        <AnswersSection detail={detail} audience="teacher" />
      </Section>
      <Section title={LOWER_SECTIONS.trail.title}>
        <ReviewTrail kind={detail.kind} trail={detail.trail} />
      </Section>
    </Stack>
  );
}
