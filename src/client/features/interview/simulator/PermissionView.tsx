import { Box, Button, Stack, Text, Title } from '@mantine/core';
import type { PermissionViewModel } from '../flow';
import { Panel } from './Panel';

/*
 * View 1 of /interview-simulator, 'Microphone permission' (SPEC.md section 2). After a refusal the
 * spec's toast is not all: the view says why and what to do, as the speaking test's microphone check
 * does (section 8's texts, put in words by the simulator, which the page loads later), and its button
 * asks again.
 */

/** Why the microphone was refused: the spec's prefix as the title, and what to do. */
export interface MicrophoneProblem {
  title: string;
  text: string;
}

export function PermissionView({ model, problem, requesting, onAllow }: { model: PermissionViewModel; problem?: MicrophoneProblem | null; requesting: boolean; onAllow: () => void }) {
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
          // Drawn like the speaking test's alert with what the page already has: Mantine's Alert would add
          // about 2.4 KB to the page's first visit for a box shown only after a refusal.
          <Box role="alert" data-testid="microphone-error" w="100%" p="md" bg="red.0" style={{ borderRadius: 'var(--mantine-radius-default)' }}>
            <Text component="div" fw={700} size="sm" mb={6}>
              {problem.title}
            </Text>
            {/* Android's steps end "tap Try Again", the speaking test's button: here the button is this view's. */}
            <Text component="div" size="sm">{problem.text.replace('Try Again', model.buttonLabel)}</Text>
          </Box>
        ) : null}
        <Button onClick={onAllow} loading={requesting}>
          {model.buttonLabel}
        </Button>
      </Stack>
    </Panel>
  );
}
