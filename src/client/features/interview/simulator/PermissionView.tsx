import { Button, Stack, Text, Title } from '@mantine/core';
import type { PermissionViewModel } from '../flow';
import { Panel } from './Panel';

/* View 1 of /interview-simulator, 'Microphone permission' (SPEC.md section 2). */

export function PermissionView({ model, requesting, onAllow }: { model: PermissionViewModel; requesting: boolean; onAllow: () => void }) {
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
        <Button onClick={onAllow} loading={requesting}>
          {model.buttonLabel}
        </Button>
      </Stack>
    </Panel>
  );
}
