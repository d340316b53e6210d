import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
