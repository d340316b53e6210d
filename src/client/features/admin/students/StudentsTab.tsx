import { LoadError } from '../../../components/LoadError';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { pageFrom } from '../../../lib/page-param';
import type { AdminStudent } from '../../../../shared/api/students';
import { STUDENT_DEACTIVATE_CONFIRMATION, STUDENT_DELETE_CONFIRMATION, STUDENTS_PAGE_SIZE, SEARCH_MAX_LENGTH } from '../../../../shared/api/students-limits';
import { useConfirmDialog } from '../../../components/confirm-dialog';
import { Pager } from '../../../components/Pager';
import { serverMessageOr } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { foundSentence } from '../found';
import { useDialogOpener } from '../../../lib/dialog-opener';
import { useExportStudents } from './api/export-students';
import { useDeleteStudent, useToggleStudentStatus } from './api/student-mutations';
import { useStudentsList } from './api/students-list';
import { SearchIcon } from '../../../components/icons';
import { DataTable } from '../../../components/TableRows';
import { laterPart } from '../../../lib/later-part';
import { STUDENT_COLUMNS, STUDENTS_TABLE_MIN_WIDTH } from './columns';
import { SearchField } from './SearchField';
import type { StudentsTableProps } from './StudentsTable';

/*
 * The table's rows and cards (status toggles, actions) load as the tab opens, in parallel with the
 * list they show; until both are in, the table's placeholder rows show, as they always did (decision 0023).
 */
const studentsTable = laterPart<StudentsTableProps>(
  async () => (await import('./StudentsTable')).StudentsTable,
  <DataTable columns={STUDENT_COLUMNS} items={undefined} loading emptyText="" minWidth={STUDENTS_TABLE_MIN_WIDTH} label="Students" renderRow={() => null} renderCard={() => null} />,
);
studentsTable.preload();

// The dialogs load when first opened: the add/edit form brings @mantine/form, Zod and the phone checks.
const StudentFormModal = lazy(async () => ({ default: (await import('./StudentFormModal')).StudentFormModal }));
const ImportStudentsModal = lazy(async () => ({ default: (await import('./ImportStudentsModal')).ImportStudentsModal }));
const DeleteConsequences = lazy(async () => ({ default: (await import('./DeleteConsequences')).DeleteConsequences }));

/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 300;

type Dialog = { kind: 'form'; student: AdminStudent | null; key: number } | { kind: 'import'; key: number } | null;

/**
 * The Students tab: search, pages, add, import, export, edit, delete, status. The search and the page
 * live in the address (`?q=`, `?page=`), so a student's page's back link (and the browser's Back)
 * return to the same list, as the attempts lists do.
 */
export function StudentsTab() {
  const [params, setParams] = useSearchParams();
  const addressSearch = (params.get('q') ?? '').trim();
  const [searchText, setSearchText] = useState(addressSearch);
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const search = searchText.trim() === '' ? '' : debouncedSearch;
  // The page belongs to the search it was chosen for: a new search starts on its first page.
  const page = addressSearch === search ? pageFrom(params.get('page')) : 1;
  const setAddress = (next: { search: string; page: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.search) updated.set('q', next.search);
        else updated.delete('q');
        if (next.page > 1) updated.set('page', String(next.page));
        else updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  const setPage = (next: number) => setAddress({ search, page: next });
  useEffect(() => {
    if (search !== addressSearch) setAddress({ search, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address follows the search as it settles, nothing else
  }, [search, addressSearch]);
  const { data, error, isPending, isPlaceholderData, refetch, isFetching } = useStudentsList(page, search);
  const remove = useDeleteStudent();
  const toggle = useToggleStudentStatus();
  const exportCsv = useExportStudents();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogOpened, setDialogOpened] = useState(false);
  const opener = useDialogOpener();
  const open = (next: NonNullable<Dialog>) => {
    opener.remember();
    setDialog(next);
    setDialogOpened(true);
  };
  const close = () => {
    setDialogOpened(false);
    opener.giveBack();
  };

  // Past the last page (its last student was deleted): go to the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / STUDENTS_PAGE_SIZE)) : 1;
  const pastTheEnd = data !== undefined && !isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setAddress({ search, page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page turns out to be past the end
  }, [pastTheEnd, lastPage, search]);

  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const confirmDelete = (student: AdminStudent) =>
    confirm({
      title: `Delete ${student.studentName}?`,
      body: (
        <>
          <Text size="sm">{STUDENT_DELETE_CONFIRMATION}</Text>
          <Suspense fallback={null}>
            <DeleteConsequences studentId={student.id} />
          </Suspense>
        </>
      ),
      action: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove.mutate(student.id, {
          onSuccess: () => toastSuccess('Student deleted', `${student.studentName} has been deleted.`),
          onError: (mutationError) => toastError('Could not delete the student', serverMessageOr(mutationError, mutationError.message)),
        }),
    });

  const saveStatus = (student: AdminStudent) =>
    toggle.mutate({ id: student.id, from: student.status }, {
      onSuccess: ({ student: saved }) =>
        toastSuccess(
          'Status updated',
          saved.status === 'Activated' ? `${saved.studentName} is activated.` : `${saved.studentName} is deactivated and signed out.`,
        ),
      onError: (mutationError) => toastError('Could not update the status', serverMessageOr(mutationError, mutationError.message)),
    });
  // Activating is one tap, as the spec's badge toggle; deactivating signs the student out at once (a
  // test under way could not be saved), so a tap on the badge, easily made on a phone, asks first.
  const toggleStatus = (student: AdminStudent) => {
    if (student.status !== 'Activated') {
      saveStatus(student);
      return;
    }
    confirm({
      title: `Deactivate ${student.studentName}?`,
      body: STUDENT_DEACTIVATE_CONFIRMATION,
      action: 'Deactivate',
      destructive: true,
      onConfirm: () => saveStatus(student),
    });
  };

  const downloadCsv = () =>
    exportCsv.mutate(search, {
      onSuccess: (fileName) => toastSuccess('Students exported', `Saved as ${fileName}.`),
      onError: (mutationError) => toastError('Could not export the students', serverMessageOr(mutationError, mutationError.message)),
    });

  const emptyText = search ? `No student matches “${search}”.` : 'No students yet. Add one with Add Student, or import a CSV file.';
  const searchResult = search && data && !isPlaceholderData ? foundSentence(data.total, 'student', 'students', `matching “${search}”`) : '';
  const searchField = useRef<HTMLInputElement>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 320px', maxWidth: 520 }}>
          <SearchField
            label="Search students"
            // Short enough to show whole beside Clear on a 360 px phone ("Name or mobile numb" before).
            placeholder="Name or mobile"
            leftSection={<SearchIcon />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            maxLength={SEARCH_MAX_LENGTH}
            style={{ flex: 1 }}
            ref={searchField}
            result={searchResult}
          />
          <Button
            variant="default"
            onClick={() => {
              setSearchText('');
              // The button is unavailable once the search is empty: the keyboard's place goes to the field it cleared.
              searchField.current?.focus();
            }}
            disabled={searchText === ''}
          >
            Clear
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={downloadCsv} loading={exportCsv.isPending}>
            Export CSV
          </Button>
          <Button variant="default" onClick={() => open({ kind: 'import', key: Date.now() })}>
            Import CSV
          </Button>
          <Button onClick={() => open({ kind: 'form', student: null, key: Date.now() })}>Add Student</Button>
        </Group>
      </Group>

      {error ? (
        <LoadError what="students" error={error} retry={() => void refetch()} retrying={isFetching} />
      ) : (
        <studentsTable.Part
          students={data?.students}
          loading={isPending}
          emptyText={emptyText}
          onEdit={(student) => open({ kind: 'form', student, key: Date.now() })}
          onDelete={confirmDelete}
          onToggleStatus={toggleStatus}
          togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
        />
      )}
      {data ? <Pager page={page} total={data.total} pageSize={STUDENTS_PAGE_SIZE} onChange={setPage} label="students" /> : null}

      <Suspense fallback={null}>
        {dialog?.kind === 'form' ? (
          <StudentFormModal key={dialog.key} opened={dialogOpened} student={dialog.student} onClose={close} />
        ) : null}
        {dialog?.kind === 'import' ? <ImportStudentsModal key={dialog.key} opened={dialogOpened} onClose={close} /> : null}
      </Suspense>
      {confirmDialog}
    </Stack>
  );
}
