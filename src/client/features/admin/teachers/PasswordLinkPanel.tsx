import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { LinkMail, PasswordLinkSent, Teacher } from '../../../../shared/api/teachers';
import { PASSWORD_LINK_TTL_HOURS } from '../../../../shared/api/teachers-limits';

/** What became of the invitation's e-mail, said honestly: the outbox folder alone reaches nobody. */
function invitationMailText(mail: LinkMail, email: string | null, isNew: boolean): string {
  const to = email ?? 'them';
  switch (mail) {
    case 'sent':
      return `A link to choose ${isNew ? 'their' : 'a'} password has been e-mailed to ${to}.`;
    case 'no-mail-server':
      return `No mail server is set up (SMTP_URL), so nothing was sent to ${to}: pass this link on yourself.`;
    case 'failed':
      return `The e-mail to ${to} could not be sent: give them this link another way.`;
    case 'no-address':
      return 'They have no e-mail address: give them this link yourself.';
  }
}

/** A new link for a teacher with a password of their own: it went only to their e-mail, or nowhere. */
function ownLinkText(mail: LinkMail, teacher: Teacher): string {
  const to = teacher.email ?? (teacher.isYou ? 'you' : 'them');
  const keeps = teacher.isYou ? 'Your current password keeps working' : 'Their current password keeps working';
  switch (mail) {
    case 'sent':
      return teacher.isYou
        ? `A link to choose a new password has been e-mailed to you at ${to}. ${keeps} until you use the link.`
        : `A link to choose a new password has been e-mailed to ${to}; only they see it. ${keeps} until they use the link.`;
    case 'no-mail-server':
      return `No mail server is set up (SMTP_URL), so nothing was sent to ${to} and no link was made. ${keeps}.`;
    case 'failed':
      return `The e-mail to ${to} could not be sent, so no link was made: try again later. ${keeps}.`;
    case 'no-address':
      return `There is no e-mail address to send it to, so no link was made. ${keeps}.`;
  }
}

/**
 * The outcome of adding a teacher or sending a link. An invitation's link (a teacher who has not set a
 * password yet) is shown this once, to pass on another way (a message, in person) when no mail arrives,
 * as with a new student's generated password. A teacher with a password of their own gets theirs only
 * by e-mail, so this says where it went and shows no link.
 */
export function PasswordLinkPanel({ sent, isNew, onDone }: { sent: PasswordLinkSent; isNew: boolean; onDone: () => void }) {
  const name = sent.teacher.displayName ?? sent.teacher.username;
  const url = sent.setPasswordUrl;
  return (
    <Stack gap="md">
      <Text size="sm">
        {isNew ? `${name} has been added. ` : ''}
        {url === null ? ownLinkText(sent.mail, sent.teacher) : invitationMailText(sent.mail, sent.teacher.email, isNew)}
        {url === null ? null : (
          <>
            {' '}
            They then sign in as <strong>{sent.teacher.username}</strong>.
          </>
        )}
      </Text>
      {url === null ? null : (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Set-password link
            </Text>
            <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="password-link">
              {url}
            </Code>
            <Group>
              <CopyButton value={url}>
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
        </>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
