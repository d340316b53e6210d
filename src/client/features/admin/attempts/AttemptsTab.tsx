import { LoadError } from '../../../components/LoadError';
import { Button, Group, NativeSelect, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { AttemptKind } from '../../../../shared/api/admin-attempts';
import { attemptSortLabels, ATTEMPT_SORTS, scoreKeyText, scoreNoun, ATTEMPTS_PAGE_SIZE, calendarDateProblem, type AttemptSort } from '../../../../shared/api/admin-attempts-limits';
import { KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { Pager } from '../../../components/Pager';
import { serverMessageOr } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { foundSentence } from '../found';
import { useAttemptsList } from './api/attempts-list';
import { useExportAttempts } from './api/export-attempts';
import { showsTeacherBand } from './AttemptCells';
import { AttemptsTable } from './AttemptsTable';
import { formatFilterDate, schoolToday } from './format';
import { pageFrom } from '../../../lib/page-param';

const NOUN: Record<AttemptKind, string> = { ielts: 'speaking tests', interview: 'interviews' };
const ONE: Record<AttemptKind, string> = { ielts: 'speaking test', interview: 'interview' };

/** `?date=` when it is a YYYY-MM-DD date, else no filter (an old or hand-made link). */
function dateFrom(value: string | null): string {
  return value && calendarDateProblem(value) === null ? value : '';
}

/** `?sort=` when it is one of the orders, else newest first. */
function sortFrom(value: string | null): AttemptSort {
  return ATTEMPT_SORTS.find((sort) => sort === value) ?? 'newest';
}

const sortOptions = (kind: AttemptKind) => ATTEMPT_SORTS.map((value) => ({ value, label: attemptSortLabels(kind)[value] }));

/**
 * The IELTS Attempts and Interview Attempts tabs (spec section 2): a date filter (the date at the
 * school), Clear Filter, an order (newest first, or by date or band), Previous and Next past 10 attempts, and the CSV
 * export of the filtered list. The filter and page live in the address, so the review page's back
 * link (and the browser's Back) return to the same list.
 */
export function AttemptsTab({ kind }: { kind: AttemptKind }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const date = dateFrom(params.get('date'));
  const page = pageFrom(params.get('page'));
  const sort = sortFrom(params.get('sort'));
  const update = (next: { date?: string; page?: number; sort?: AttemptSort }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextDate = next.date ?? date;
        const nextPage = next.page ?? page;
        if (nextDate) updated.set('date', nextDate);
        else updated.delete('date');
        if (nextPage > 1) updated.set('page', String(nextPage));
        else updated.delete('page');
        const nextSort = next.sort ?? sort;
        if (nextSort !== 'newest') updated.set('sort', nextSort);
        else updated.delete('sort');
        return updated;
      },
      { replace: true },
    );
  // What the date field holds while it is typed in: a browser's date field gives the year as it is
  // typed (0002, 0020, 0202, 2026), and only a whole date the list can be filtered by goes to the address.
  const [typedDate, setTypedDate] = useState(date);
  useEffect(() => setTypedDate(date), [date]);
  const dateField = useRef<HTMLInputElement>(null);
  const { data, error, isPending, isPlaceholderData, refetch, isFetching } = useAttemptsList(kind, page, date, sort);
  const exportCsv = useExportAttempts();
  const labels = KIND_LABELS[kind];

  // Past the last page (an old link): go to the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / ATTEMPTS_PAGE_SIZE)) : 1;
  const pastTheEnd = data !== undefined && !isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page turns out to be past the end
  }, [pastTheEnd, lastPage]);

  const downloadCsv = () =>
    exportCsv.mutate(
      { kind, date },
      {
        onSuccess: (fileName) => toastSuccess('Attempts exported', `Saved as ${fileName}.`),
        onError: (mutationError) => toastError('Could not export the attempts', serverMessageOr(mutationError, mutationError.message)),
      },
    );

  const emptyText = date ? `No ${NOUN[kind]} on ${formatFilterDate(date)}.` : `No ${NOUN[kind]} have been saved yet.`;
  // What the date filter found, read out by a screen reader (the table changes in silence).
  const filterResult = date && data && !isPlaceholderData ? foundSentence(data.total, ONE[kind], NOUN[kind], `on ${formatFilterDate(date)}`) : '';
  const dateLabel = kind === 'ielts' ? 'Test date' : 'Interview date';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={dateLabel}
            description="The date at the school"
            value={typedDate}
            max={schoolToday()}
            ref={dateField}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setTypedDate(typed);
              if (typed === '' || dateFrom(typed) !== '') update({ date: dateFrom(typed), page: 1 });
            }}
            w={190}
          />
          <Button
            variant="default"
            onClick={() => {
              update({ date: '', page: 1 });
              // The button is unavailable once there is no filter: the keyboard's place goes to the field it cleared.
              dateField.current?.focus();
            }}
            disabled={date === ''}
          >
            Clear Filter
          </Button>
          <NativeSelect
            label="Sort by"
            description={`${scoreNoun(kind) === 'band' ? 'Band' : 'Score'}: the teacher's released, else the estimate`}
            data={sortOptions(kind)}
            value={sort}
            onChange={(event) => update({ sort: sortFrom(event.currentTarget.value), page: 1 })}
            w={210}
          />
        </Group>
        <Button variant="default" onClick={downloadCsv} loading={exportCsv.isPending}>
          Export CSV
        </Button>
      </Group>

      <VisuallyHidden role="status" data-testid="attempts-filter-result">
        {filterResult}
      </VisuallyHidden>
      {error ? (
        <LoadError what={labels.tab.toLowerCase()} error={error} retry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          {data?.attempts.some((attempt) => showsTeacherBand(kind, attempt)) ? (
            // Hidden from a screen reader, which hears each cell in full.
            <Text size="xs" c="dimmed" aria-hidden="true" data-testid="score-key">
              {scoreKeyText(kind)}
            </Text>
          ) : null}
          <AttemptsTable
            kind={kind}
            attempts={data?.attempts}
            loading={isPending}
            emptyText={emptyText}
            backTo={`${location.pathname}${location.search}`}
          />
        </>
      )}
      {data ? <Pager page={page} total={data.total} pageSize={ATTEMPTS_PAGE_SIZE} onChange={(next) => update({ page: next })} label="attempts" /> : null}
    </Stack>
  );
}
