import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { MICROPHONE_ISSUE_PREFIX, withoutMicrophonePrefix } from '../../../speech/messages';
import type { PermissionViewModel } from '../flow';
import { Panel } from './Panel';

/*
 * View 1 of /interview-simulator, 'Microphone permission' (SPEC.md section 2). After a refusal the
 * spec's toast is not all: the view says why and what to do, as the speaking test's microphone check
 * does (section 8's texts), and its button asks again.
 */

export function PermissionView({ model, problem, requesting, onAllow }: { model: PermissionViewModel; problem?: string | null; requesting: boolean; onAllow: () => void }) {
  return (
    <Panel labelledBy="interview-title">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2" id="interview-title">
          {model.title}
        </Title>
        <Text>
          The mock interview listens to your answers and records them. Please allow this page to use your microphone to
          continue.
        </Text>
        {problem ? (
          <Alert color="red" variant="light" title={MICROPHONE_ISSUE_PREFIX.replace(/\.$/, '')} role="alert" data-testid="microphone-error" w="100%">
            {/* Android's steps end "tap Try Again", the speaking test's button: here the button is this view's. */}
            {withoutMicrophonePrefix(problem).replace('Try Again', model.buttonLabel)}
          </Alert>
        ) : null}
        <Button onClick={onAllow} loading={requesting}>
          {model.buttonLabel}
        </Button>
      </Stack>
    </Panel>
  );
}
