import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PasswordLinkSent, Teacher } from '../../../../shared/api/teachers';
import { useConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/LoadError';
import { CardFields, DataTable, RowCard } from '../../../components/TableRows';
import { Table } from '../../../components/Table';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { AddTeacherModal } from './AddTeacherModal';
import { useSendPasswordLink, useSetTeacherActive, useTeachers } from './api/teachers';
import { PasswordLinkPanel } from './PasswordLinkPanel';
import { passwordStatus, SEND_LINK_LABEL } from './password-status';

/*
 * The school's teachers: who can sign in to these pages, each by name. An admin adds a teacher (who
 * chooses their password through a mailed link), sends a new link, deactivates and reactivates. A new
 * link for a teacher with a password of their own goes only to their e-mail (decision 0037).
 */

const COLUMNS = ['Name', 'Signs in as', 'Status', 'Password', 'Actions'] as const;

const nameOf = (teacher: Teacher) => teacher.displayName ?? teacher.email ?? teacher.username;

/** Where a new link goes, said before it is sent. */
function linkConfirmText(teacher: Teacher): string {
  if (teacher.hasPassword && teacher.isYou)
    return `It goes to your e-mail address, ${teacher.email ?? ''}, when a mail server is set up. Your current password keeps working until you use it; using it signs you out everywhere.`;
  return teacher.hasPassword
    ? `It goes only to their e-mail address, ${teacher.email ?? ''}: you will not see it. Their current password keeps working until they use it; using it signs them out everywhere.`
    : `They have not set a password yet. The new link replaces the last one: it goes to ${teacher.email ?? 'them'} by e-mail and is shown to you once, to pass on yourself if no mail arrives.`;
}

/** What the dialog after "Send password link" shows: where the link went, or why none was made. */
type LinkOutcome = { sent: PasswordLinkSent } | { refused: string };

function outcomeTitle(outcome: LinkOutcome | null): string {
  if (outcome && 'refused' in outcome) return 'No link sent';
  return outcome?.sent.mail === 'sent' ? 'Set-password link sent' : 'Set-password link';
}

interface Handlers {
  onLink: (teacher: Teacher) => void;
  onActive: (teacher: Teacher, active: boolean) => void;
  busyId: number | null;
}

function Status({ teacher }: { teacher: Teacher }) {
  return (
    // Never narrower than its word: a long Password cell beside it would otherwise clip it.
    <Badge variant="dot" color={teacher.isActive ? 'teal' : 'gray'} size="lg" tt="none" miw="max-content">
      {teacher.isActive ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

function Password({ teacher }: { teacher: Teacher }) {
  return <Text size="sm">{passwordStatus(teacher, Date.now())}</Text>;
}

function Actions({ teacher, onLink, onActive, busyId }: Handlers & { teacher: Teacher }) {
  const busy = busyId === teacher.id;
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      {teacher.isActive ? (
        <Button size="xs" variant="default" onClick={() => onLink(teacher)} disabled={busy} aria-label={`${SEND_LINK_LABEL} to ${nameOf(teacher)}`}>
          {SEND_LINK_LABEL}
        </Button>
      ) : null}
      {teacher.isYou ? null : (
        <Button
          size="xs"
          variant="outline"
          color={teacher.isActive ? 'red.9' : 'teal.9'}
          onClick={() => onActive(teacher, !teacher.isActive)}
          disabled={busy}
          aria-label={`${teacher.isActive ? 'Deactivate' : 'Reactivate'} ${nameOf(teacher)}`}
        >
          {teacher.isActive ? 'Deactivate' : 'Reactivate'}
        </Button>
      )}
    </Group>
  );
}

function Name({ teacher }: { teacher: Teacher }) {
  return (
    <Text fw={600} size="sm">
      {nameOf(teacher)}
      {teacher.isYou ? (
        <Text span size="sm" c="dimmed" fw={400}>
          {' '}
          (you)
        </Text>
      ) : null}
    </Text>
  );
}

function TeacherRow({ teacher, ...handlers }: Handlers & { teacher: Teacher }) {
  return (
    <Table.Tr data-row-id={teacher.id}>
      <Table.Td>
        <Name teacher={teacher} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {teacher.username}
        </Text>
      </Table.Td>
      <Table.Td>
        <Status teacher={teacher} />
      </Table.Td>
      <Table.Td>
        <Password teacher={teacher} />
      </Table.Td>
      <Table.Td>
        <Actions teacher={teacher} {...handlers} />
      </Table.Td>
    </Table.Tr>
  );
}

function TeacherCard({ teacher, ...handlers }: Handlers & { teacher: Teacher }) {
  return (
    <RowCard dataId={String(teacher.id)} title={<Name teacher={teacher} />} aside={<Status teacher={teacher} />} actions={<Actions teacher={teacher} {...handlers} />}>
      <CardFields
        cols={1}
        fields={[
          { label: 'Signs in as', value: teacher.username },
          { label: 'Password', value: <Password teacher={teacher} /> },
        ]}
      />
    </RowCard>
  );
}

export function TeachersTab() {
  const { data, error, isPending, refetch, isFetching } = useTeachers();
  const link = useSendPasswordLink();
  const active = useSetTeacherActive();
  // The Add teacher dialog: open or not, and a new form (key) for each opening once the last has faded out.
  const [adding, setAdding] = useState({ open: false, key: 0 });
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const { confirm, dialog } = useConfirmDialog();

  // A refusal (409) is a few sentences with a command in them: the dialog keeps it readable, a toast would not.
  const sendLink = (teacher: Teacher) =>
    link.mutate(teacher.id, {
      onSuccess: (sent) => setOutcome({ sent }),
      onError: (e) =>
        isApiError(e, 409) ? setOutcome({ refused: serverMessageOr(e, e.message) }) : toastError('Could not send the link', serverMessageOr(e, e.message)),
    });

  const onLink = (teacher: Teacher) =>
    // With a password of their own and no address, the server says why no link can be made: nothing to confirm.
    teacher.hasPassword && !teacher.email
      ? sendLink(teacher)
      : confirm({
          title: `Send ${nameOf(teacher)} a set-password link?`,
          body: linkConfirmText(teacher),
          action: 'Send link',
          onConfirm: () => sendLink(teacher),
        });

  const setActive = (teacher: Teacher, makeActive: boolean) =>
    active.mutate(
      { id: teacher.id, active: makeActive },
      {
        onSuccess: () =>
          toastSuccess(
            makeActive ? 'Teacher reactivated' : 'Teacher deactivated',
            makeActive ? `${nameOf(teacher)} can sign in again.` : `${nameOf(teacher)} is signed out and cannot sign in.`,
          ),
        onError: (e) => toastError(makeActive ? 'Could not reactivate' : 'Could not deactivate', serverMessageOr(e, e.message)),
      },
    );

  const onActive = (teacher: Teacher, makeActive: boolean) =>
    makeActive
      ? setActive(teacher, true)
      : confirm({
          title: `Deactivate ${nameOf(teacher)}?`,
          body: 'They are signed out at once and cannot sign in until reactivated. Their reviews stay, under their name.',
          action: 'Deactivate',
          destructive: true,
          onConfirm: () => setActive(teacher, false),
        });

  const busyId = link.isPending ? (link.variables ?? null) : active.isPending ? (active.variables?.id ?? null) : null;
  const handlers = { onLink, onActive, busyId };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm" maw={640}>
          Everyone who can sign in to these pages. Reviews, releases and the review trail show each teacher&apos;s name; students see it on
          their reviewed results.
        </Text>
        <Button onClick={() => setAdding((state) => ({ ...state, open: true }))}>Add teacher</Button>
      </Group>
      {error ? (
        <LoadError what="teachers" error={error} retry={() => void refetch()} retrying={isFetching} />
      ) : (
        <DataTable
          columns={COLUMNS}
          items={data?.teachers}
          loading={isPending}
          emptyText="No teachers."
          minWidth={720}
          label="Teachers"
          renderRow={(teacher) => <TeacherRow key={teacher.id} teacher={teacher} {...handlers} />}
          renderCard={(teacher) => <TeacherCard key={teacher.id} teacher={teacher} {...handlers} />}
        />
      )}
      <AddTeacherModal
        key={adding.key}
        opened={adding.open}
        onClose={() => setAdding((state) => ({ ...state, open: false }))}
        onExited={() => setAdding((state) => (state.open ? state : { open: false, key: state.key + 1 }))}
      />
      <Modal
        opened={outcome !== null}
        onClose={() => setOutcome(null)}
        title={outcomeTitle(outcome)}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {outcome && 'sent' in outcome ? <PasswordLinkPanel sent={outcome.sent} isNew={false} onDone={() => setOutcome(null)} /> : null}
        {outcome && 'refused' in outcome ? (
          <Stack gap="md">
            <Alert color="yellow" variant="light" role="alert">
              {outcome.refused}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={() => setOutcome(null)}>Done</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      {dialog}
    </Stack>
  );
}
