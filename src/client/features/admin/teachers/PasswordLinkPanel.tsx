import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { PasswordLinkSent } from '../../../../shared/api/teachers';
import { PASSWORD_LINK_TTL_HOURS } from '../../../../shared/api/teachers-limits';

/**
 * The one time a set-password link is shown: it went to the teacher's e-mail; the admin can pass it on
 * another way (a message, in person), as with a new student's generated password.
 */
export function PasswordLinkPanel({ sent, isNew, onDone }: { sent: PasswordLinkSent; isNew: boolean; onDone: () => void }) {
  const name = sent.teacher.displayName ?? sent.teacher.username;
  return (
    <Stack gap="md">
      <Text size="sm">
        {isNew ? `${name} has been added. ` : ''}
        {sent.mailed
          ? `A link to choose ${isNew ? 'their' : 'a new'} password has been e-mailed to ${sent.teacher.email ?? 'them'}.`
          : `The e-mail to ${sent.teacher.email ?? 'them'} could not be sent: give them this link another way.`}{' '}
        They then sign in as <strong>{sent.teacher.username}</strong>.
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Set-password link
        </Text>
        <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="password-link">
          {sent.setPasswordUrl}
        </Code>
        <Group>
          <CopyButton value={sent.setPasswordUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Alert color="yellow" variant="light" title="Shown only now">
        The link works once, for {PASSWORD_LINK_TTL_HOURS} hours. Send a new one from the teacher&apos;s row if it is lost or runs out.
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
