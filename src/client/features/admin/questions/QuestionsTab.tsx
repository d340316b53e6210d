import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BulletList } from '../../../components/BulletList';
import { useState } from 'react';
import type { AdminSchoolQuestion } from '../../../../shared/api/school-questions';
import {
  CUE_CARDS,
  NAME_QUESTION,
  PART1_QUESTION_COUNT,
  PART1_QUESTIONS,
  PART3_QUESTION_COUNT,
  PART3_QUESTIONS,
} from '../../../../shared/speaking-test/questions';
import { useConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/LoadError';
import { serverMessageOr } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useSchoolQuestions, useSetRetired } from './api/school-questions';
import { QuestionFormModal } from './QuestionFormModal';

/*
 * The school's own questions (decision 0038): teachers add, edit, retire and restore Part 1 and
 * Part 3 questions and Part 2 cue cards. Every test draws from the spec's bank and the active ones;
 * a retired question is never drawn again, and the attempts that asked it keep their marks.
 */

const PARTS = [
  { part: 1, title: 'Part 1 questions', bank: PART1_QUESTIONS.length, empty: 'No Part 1 questions of the school’s own yet.' },
  { part: 2, title: 'Part 2 cue cards', bank: CUE_CARDS.length, empty: 'No cue cards of the school’s own yet.' },
  { part: 3, title: 'Part 3 questions', bank: PART3_QUESTIONS.length, empty: 'No Part 3 questions of the school’s own yet.' },
] as const;

interface Handlers {
  onEdit: (question: AdminSchoolQuestion) => void;
  onRetire: (question: AdminSchoolQuestion, retire: boolean) => void;
  busyId: number | null;
}

function QuestionCard({ question, onEdit, onRetire, busyId }: Handlers & { question: AdminSchoolQuestion }) {
  const busy = busyId === question.id;
  return (
    <Paper withBorder radius="md" p="md" role="listitem" data-question-id={question.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} c={question.retired ? 'dimmed' : undefined}>
            {question.text}
          </Text>
          <Badge variant="dot" color={question.retired ? 'gray' : 'teal'} size="lg" tt="none" style={{ flexShrink: 0 }}>
            {question.retired ? 'Retired' : 'Active'}
          </Badge>
        </Group>
        {question.bullets.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm">You should say:</Text>
            <BulletList>
              {question.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </BulletList>
          </Stack>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={600}>
            Topic words:{' '}
          </Text>
          {question.topicWords.length > 0 ? question.topicWords.join(', ') : 'none (only the question’s own words)'}
        </Text>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            Added by {question.addedBy ?? 'a former teacher'} on {question.addedOn}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onEdit(question)} disabled={busy} aria-label={`Edit “${question.text}”`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              color={question.retired ? 'teal.9' : 'red.9'}
              onClick={() => onRetire(question, !question.retired)}
              disabled={busy}
              aria-label={`${question.retired ? 'Restore' : 'Retire'} “${question.text}”`}
            >
              {question.retired ? 'Restore' : 'Retire'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

export function QuestionsTab() {
  const { data, error, isPending, refetch, isFetching } = useSchoolQuestions();
  const retire = useSetRetired();
  const [form, setForm] = useState<{ key: number; editing: AdminSchoolQuestion | null } | null>(null);
  const { confirm, dialog } = useConfirmDialog();

  const setRetired = (question: AdminSchoolQuestion, retired: boolean) =>
    retire.mutate(
      { id: question.id, retired },
      {
        onSuccess: () => toastSuccess(retired ? 'Question retired' : 'Question restored', retired ? 'No test draws it any more.' : 'Tests may draw it again.'),
        onError: (e) => toastError(retired ? 'Could not retire the question' : 'Could not restore the question', serverMessageOr(e, e.message)),
      },
    );

  const onRetire = (question: AdminSchoolQuestion, retired: boolean) =>
    retired
      ? confirm({
          title: 'Retire this question?',
          body: `“${question.text}” is no longer drawn in new tests. Tests that already asked it keep their answers and marks; you can restore it at any time.`,
          action: 'Retire',
          destructive: true,
          onConfirm: () => setRetired(question, true),
        })
      : setRetired(question, false);

  const handlers: Handlers = {
    onEdit: (question) => setForm({ key: Date.now(), editing: question }),
    onRetire,
    busyId: retire.isPending ? (retire.variables?.id ?? null) : null,
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm" maw={640}>
          Every test asks {PART1_QUESTION_COUNT} Part 1 questions (“{NAME_QUESTION}” first, then {PART1_QUESTION_COUNT - 1} drawn), one cue card
          and {PART3_QUESTION_COUNT} Part 3 questions, drawn from Parley’s built-in questions and the school’s own active questions below. An answer
          that is not about its question is marked and left out of the estimate, judged by the question’s words and its topic words.
        </Text>
        <Button onClick={() => setForm({ key: Date.now(), editing: null })}>Add question</Button>
      </Group>
      {error ? (
        <LoadError what="questions" error={error} retry={() => void refetch()} retrying={isFetching} />
      ) : (
        PARTS.map(({ part, title, bank, empty }) => {
          const questions = (data?.questions ?? []).filter((question) => question.part === part);
          const ordered = [...questions.filter((q) => !q.retired), ...questions.filter((q) => q.retired)];
          const active = questions.filter((q) => !q.retired).length;
          return (
            <Stack key={part} gap="sm" component="section" aria-labelledby={`questions-part-${part}`}>
              <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
                <Title order={2} size="h4" id={`questions-part-${part}`}>
                  {title}
                </Title>
                <Text size="sm" c="dimmed">
                  {isPending ? 'Loading…' : `${active} active of the school’s, ${bank} built in`}
                </Text>
              </Group>
              {isPending ? null : ordered.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              ) : (
                <Stack gap="sm" role="list" aria-label={title}>
                  {ordered.map((question) => (
                    <QuestionCard key={question.id} question={question} {...handlers} />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })
      )}
      {form ? <QuestionFormModal key={form.key} editing={form.editing} onClose={() => setForm(null)} /> : null}
      {dialog}
    </Stack>
  );
}
