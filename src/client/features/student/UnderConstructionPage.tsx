import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useSignOut } from '../../lib/auth/use-sign-out';

export default function UnderConstructionPage() {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  const navigate = useNavigate();
  return (
    <Container size={480}>
      <Paper withBorder radius="lg" p="xl" mt="xl">
        <Stack align="center" gap="md" ta="center">
          <Title order={1} size="h2">
            Under Construction
          </Title>
          <Text size="lg" fw={500}>
            Speaking Level 3 Course
          </Text>
          <Text c="dimmed">This course is being prepared. Your teacher will tell you when it opens.</Text>
          <Button onClick={user ? signOut : () => navigate('/auth')} loading={isPending}>
            Sign Out
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
