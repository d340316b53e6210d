import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** True for the error a browser gives when a page's script could not be downloaded (offline, or a new version deployed). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** Shown when a page fails to load (for example after a new version was deployed) or throws. */
export function PageError({ error }: { error: unknown }) {
  return (
    <Container size="xs" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>
          {isChunkLoadError(error)
            ? 'This page could not be loaded. Check your internet connection, then reload.'
            : 'The page ran into a problem. Reloading usually helps; if it keeps happening, please tell your teacher.'}
        </Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload the page
        </Button>
      </Stack>
    </Container>
  );
}
