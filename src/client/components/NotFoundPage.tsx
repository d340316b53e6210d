import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>There is no page at this address.</Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
