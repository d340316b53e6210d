import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { AdminStudent } from '../../../../shared/api/students';
import { formatMobileNumber } from '../../../../shared/phone';
import { Table } from '../../../components/Table';

/** The one time a generated password is shown: the admin hands it to the student now. */
export function GeneratedPasswordPanel({ student, password, onDone }: { student: AdminStudent; password: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        {student.studentName} has been added. Give them these sign-in details:
      </Text>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={150}>Mobile number</Table.Th>
            <Table.Td>{formatMobileNumber(student.mobileNumber)}</Table.Td>
          </Table.Tr>
          {student.username ? (
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Td>{student.username}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th>Password</Table.Th>
            <Table.Td>
              <Group gap="sm" wrap="wrap">
                <Code fz="md" data-testid="generated-password">
                  {password}
                </Code>
                <CopyButton value={password}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy password'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Alert color="yellow" variant="light" title="Shown only now">
        The password is not stored in a readable form and cannot be shown again. To replace it later, edit the student and set a new
        password.
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
