import { Anchor, Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { PlainAlert } from '../../../components/PlainAlert';
import { useAnalysisReady } from '../../../components/attempt/analysis-part';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { laterPart } from '../../../lib/later-part';
import type { AttemptDetail } from '../../../../shared/api/admin-attempts';
import { useAttemptDetail } from './api/attempt-detail';
import { useBackLink } from './back-link';

/*
 * What shows once the attempt has come (recording, scores, answers, the review form) loads as the
 * page opens, in parallel with the attempt's request, behind the same loader (decision 0023).
 */
const LOADING = <FullPageLoader label="Loading the attempt…" />;
const review = laterPart<{ detail: AttemptDetail }>(async () => (await import('./AttemptReview')).Review, LOADING);
review.preload();

/** /admin/attempts/:id: one attempt for the teacher to listen to, read, and review. Admins only. */
export default function AttemptReviewPage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useAttemptDetail(id);
  const back = useBackLink(undefined);
  // With a finished analysis of its recording, the review shows once that part has loaded too.
  const analysisReady = useAnalysisReady(data);

  let body: ReactNode;
  if (isPending) {
    body = LOADING;
  } else if (error) {
    body = (
      <Stack gap="lg">
        <Anchor component={Link} to={back.to} size="sm" w="fit-content" className="touch-target">
          {back.label}
        </Anchor>
        <Title order={1} size="h2">
          Attempt
        </Title>
        <PlainAlert color="red" title={isApiError(error, 404) ? 'No such attempt' : 'Could not load the attempt'} role="alert">
          {serverMessageOr(error, error.message)}
        </PlainAlert>
      </Stack>
    );
  } else if (!analysisReady) {
    body = LOADING;
  } else {
    body = <review.Part detail={data} />;
  }
  // Wide: the review form stands beside the evidence on a laptop.
  return <Container size="xl">{body}</Container>;
}
