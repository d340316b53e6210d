import { Button, Stack, Text } from '@mantine/core';
import { serverMessageOr } from '../lib/api';
import { PlainAlert } from './PlainAlert';

/** A list that failed to load: the server's sentence and a way to try again. */
export function LoadError({ what, error, retry, retrying }: { what: string; error: Error; retry: () => void; retrying: boolean }) {
  return (
    <PlainAlert color="red" title={`Could not load the ${what}`} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{serverMessageOr(error, error.message)}</Text>
        <Button size="xs" variant="default" onClick={retry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </PlainAlert>
  );
}
