import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { User } from '../../../shared/api/auth';
import { AuthCard } from '../../components/AuthCard';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { AppLink } from '../../lib/nav';

export function AlreadyLoggedIn({ user }: { user: User }) {
  const { signOut, isPending } = useSignOut();
  return (
    <AuthCard title="Already Logged In">
      <Stack gap="md">
        <Group gap="xs">
          <Text>Role:</Text>
          <Badge variant="light" color={user.isAdmin ? 'grape' : 'indigo'} size="lg">
            {user.isAdmin ? 'Admin' : 'Student'}
          </Badge>
        </Group>
        <Text>
          Username: <strong>{user.username}</strong>
        </Text>
        {/* The labels wrap on a 360 px phone rather than losing their ends. */}
        <Button component={AppLink} to={user.isAdmin ? '/admin' : '/student'} size="md" className="wraps-label">
          {user.isAdmin ? 'Go to Admin Dashboard' : 'Go to Student Dashboard'}
        </Button>
        <Button variant="default" onClick={signOut} loading={isPending} className="wraps-label">
          Logout & Login as Different User
        </Button>
      </Stack>
    </AuthCard>
  );
}
