import { Alert, Badge, Box, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { FormModal } from '../../../components/FormModal';
import { BulletList } from '../../../components/BulletList';
import { useState } from 'react';
import type { ImportPreview, ImportPreviewRow, ImportResult } from '../../../../shared/api/students';
import { IMPORT_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE_MESSAGE } from '../../../../shared/api/students-limits';
import { toCsv, UTF8_BOM } from '../../../../shared/csv';
import { formatMobileNumber } from '../../../../shared/phone';
import { serverMessageOr } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useCommitImport, usePreviewImport } from './api/import-students';
import { decodeCsvBytes, type CsvEncoding } from './read-csv-file';
import { Table } from '../../../components/Table';

const csvBlob = (text: string) => new Blob([UTF8_BOM + text], { type: 'text/csv;charset=utf-8' });

function downloadTemplate() {
  saveFile(csvBlob(toCsv([IMPORT_COLUMNS, ['Asha Kumar', 'IELTS', '98765 43210', 'Activated', 'asha@example.org', 'asha.k', '']])), 'students-template.csv');
}

function downloadPasswords(result: ImportResult) {
  const rows = result.created.filter((c) => c.generatedPassword);
  saveFile(
    csvBlob(
      toCsv([
        ['studentName', 'mobileNumber', 'username', 'password'],
        ...rows.map((c) => [c.student.studentName, c.student.mobileNumber, c.student.username, c.generatedPassword]),
      ]),
    ),
    'student-passwords.csv',
  );
}

/**
 * Import from CSV: choose a file, see every row with its problems (nothing is written yet), then
 * import the valid rows, and download the passwords generated for them. Give it a new `key` for each opening.
 */
export function ImportStudentsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<CsvEncoding | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = usePreviewImport();
  const commit = useCommitImport();

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setEncoding(null);
    setTooLarge(false);
    preview.reset();
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setTooLarge(true);
      return;
    }
    const { text, encoding: read } = decodeCsvBytes(new Uint8Array(await chosen.arrayBuffer()));
    setCsv(text);
    setEncoding(read);
    preview.mutate(text, { onError: (error) => toastError('Could not read the file', serverMessageOr(error, error.message)) });
  };

  const importRows = () => {
    if (csv === null) return;
    commit.mutate(csv, {
      onSuccess: (result) => {
        const count = result.created.length;
        toastSuccess('Students imported', `${count} ${count === 1 ? 'student has' : 'students have'} been added.`);
      },
      onError: (error) => toastError('Could not import the students', serverMessageOr(error, error.message)),
    });
  };

  return (
    <FormModal opened={opened} onClose={onClose} title="Import students from CSV" size="80rem">
      {commit.data ? (
        <ImportDone result={commit.data} onDone={onClose} />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            A CSV file (UTF-8) whose first row names the columns: <strong>{IMPORT_COLUMNS.join(', ')}</strong>. studentName, course
            and mobileNumber are required; course is the name of an active course; an empty status means Activated, an empty
            password is generated. At most {IMPORT_MAX_ROWS} students per file. Nothing is saved until you press Import.
          </Text>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <FileInput
              label="CSV file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => void choose(chosen)}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              w={320}
              maw="100%"
            />
            <Button variant="subtle" onClick={downloadTemplate}>
              Download template
            </Button>
          </Group>
          {encoding === 'windows-1252' ? (
            <Alert color="yellow" variant="light" title="Not saved as UTF-8" data-testid="import-encoding">
              The file was read as Windows-1252, the encoding Excel uses for “CSV (Comma delimited)”. Check that the names below read
              right; if they do not, save the file as “CSV UTF-8” and choose it again.
            </Alert>
          ) : null}
          {preview.isPending ? <Text size="sm">Checking the file…</Text> : null}
          {preview.error || tooLarge ? (
            <Alert color="red" variant="light" title="The file cannot be imported" role="alert">
              {preview.error ? serverMessageOr(preview.error, preview.error.message) : `${IMPORT_TOO_LARGE_MESSAGE}.`}
            </Alert>
          ) : null}
          {preview.data ? <PreviewTable preview={preview.data} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={importRows} loading={commit.isPending} disabled={!preview.data || preview.data.validCount === 0}>
              {preview.data ? `Import ${preview.data.validCount} ${preview.data.validCount === 1 ? 'student' : 'students'}` : 'Import'}
            </Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { rows, validCount, invalidCount, ignoredColumns } = preview;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} aria-live="polite" data-testid="import-summary">
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}: {validCount} ready to import
        {invalidCount > 0 ? `, ${invalidCount} with problems (skipped)` : ''}.
      </Text>
      {ignoredColumns.length > 0 ? (
        <Text size="sm" c="dimmed">
          Not read: {ignoredColumns.join(', ')}
        </Text>
      ) : null}
      <PreviewCards rows={rows} />
      <Paper withBorder radius="md" visibleFrom="sm">
        {/* Focusable, so that keyboard users can scroll it: it holds nothing else to focus. */}
        <Table.ScrollContainer minWidth={900} maxHeight={420} tabIndex={0} role="region" aria-label="Import preview rows">
          <Table verticalSpacing="xs" horizontalSpacing="sm" stickyHeader aria-label="Import preview" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {['Line', 'Student Name', 'Course', 'Mobile Number', 'Status', 'Username', 'Password', 'Result'].map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                return (
                  <Table.Tr key={row.line} bg={row.problems.length ? 'var(--mantine-color-red-light)' : undefined} data-testid="import-row">
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.studentName}</Table.Td>
                    <Table.Td>{row.course}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMobileNumber(row.mobileNumber)}</Table.Td>
                    <Table.Td>{row.status}</Table.Td>
                    <Table.Td>{row.username}</Table.Td>
                    <Table.Td>{row.password === 'given' ? 'from file' : 'generated'}</Table.Td>
                    <Table.Td miw={260}>
                      <RowResult problems={row.problems} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function RowResult({ problems }: { problems: string[] }) {
  if (problems.length === 0) {
    return (
      <Badge variant="dot" color="teal" tt="none">
        Ready
      </Badge>
    );
  }
  return (
    <Text component="div" c="red.9">
      <BulletList>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </BulletList>
    </Text>
  );
}

/** On a phone: one card a row, so that each row's problems are in view without scrolling sideways. */
function PreviewCards({ rows }: { rows: ImportPreviewRow[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" role="list" aria-label="Import preview rows">
      {rows.map((row) => (
        <Paper
          key={row.line}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          bg={row.problems.length ? 'var(--mantine-color-red-light)' : undefined}
          data-testid="import-card"
        >
          <Text size="sm" fw={600}>
            Line {row.line}: {row.studentName || '(no name)'}
          </Text>
          <Text size="sm">
            {[row.course, formatMobileNumber(row.mobileNumber), row.status, row.username, row.password === 'given' ? 'password from file' : 'password generated']
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Box mt={6}>
            <RowResult problems={row.problems} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function ImportDone({ result, onDone }: { result: ImportResult; onDone: () => void }) {
  const withPasswords = result.created.filter((c) => c.generatedPassword);
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="import-result">
        Imported {result.created.length} {result.created.length === 1 ? 'student' : 'students'}
        {result.skipped.length > 0 ? `; skipped ${result.skipped.length} ${result.skipped.length === 1 ? 'row' : 'rows'} with problems` : ''}.
      </Text>
      {withPasswords.length > 0 ? (
        <>
          <Alert color="yellow" variant="light" title="Passwords are shown only now">
            {withPasswords.length} {withPasswords.length === 1 ? 'password was' : 'passwords were'} generated. Download them and hand
            each student theirs; they cannot be shown again.
          </Alert>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={520} maxHeight={320} tabIndex={0} role="region" aria-label="Generated passwords list">
              <Table verticalSpacing="xs" stickyHeader aria-label="Generated passwords" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Student Name</Table.Th>
                    <Table.Th>Mobile Number</Table.Th>
                    <Table.Th>Password</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {withPasswords.map(({ student, generatedPassword }) => (
                    <Table.Tr key={student.id}>
                      <Table.Td>{student.studentName}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMobileNumber(student.mobileNumber)}</Table.Td>
                      <Table.Td ff="monospace">{generatedPassword}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {withPasswords.length > 0 ? (
          <Button variant="light" onClick={() => downloadPasswords(result)}>
            Download passwords (CSV)
          </Button>
        ) : null}
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
