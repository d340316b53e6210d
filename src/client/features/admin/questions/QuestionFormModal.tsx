import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { FormModal } from '../../../components/FormModal';
import { useState, type FormEvent } from 'react';
import type { AdminSchoolQuestion } from '../../../../shared/api/school-questions';
import {
  CUE_CARD_MAX_BULLETS,
  CUE_CARD_MIN_BULLETS,
  SCHOOL_QUESTION_TEXT_MAX_LENGTH,
} from '../../../../shared/api/school-questions-limits';
import { suggestTopicWords } from '../../../../shared/speaking-test/topic-words';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { fieldMessage } from '../../../lib/field-message';
import { toastSuccess } from '../../../lib/notify';
import { useSaveSchoolQuestion } from './api/school-questions';

type Part = 1 | 2 | 3;
type Field = 'part' | 'text' | 'bullets' | 'topicWords';

const PART_OPTIONS = [
  { value: '1', label: 'Part 1: a question about the student' },
  { value: '2', label: 'Part 2: a cue card' },
  { value: '3', label: 'Part 3: a discussion question' },
];

const FIELDS: readonly Field[] = ['part', 'text', 'bullets', 'topicWords'];

/** The server's "field: sentence" 400s under their field, and a 409's (the question is already asked) under the question's. */
function problemOf(message: string, status: number | undefined): { field: Field | null; text: string } {
  const problem = fieldMessage(message, FIELDS);
  return problem.field === null && status === 409 ? { field: 'text', text: problem.text } : problem;
}

const lines = (value: string) => value.split('\n').map((line) => line.trim()).filter((line) => line !== '');
const words = (value: string) => value.split(/[\s,;]+/u).map((word) => word.trim()).filter((word) => word !== '');

/**
 * Add or edit one of the school's questions. The topic words follow the suggestion from the text
 * (its content words) until the teacher changes them; "Suggest from the text" brings the suggestion back.
 */
export function QuestionFormModal({ editing, onClose }: { editing: AdminSchoolQuestion | null; onClose: () => void }) {
  const save = useSaveSchoolQuestion();
  const [part, setPart] = useState<Part>(editing?.part ?? 1);
  const [text, setText] = useState(editing?.text ?? '');
  const [bullets, setBullets] = useState(editing?.bullets.join('\n') ?? '');
  const [ownWords, setOwnWords] = useState<string | null>(editing ? editing.topicWords.join(', ') : null);
  const suggested = suggestTopicWords(text, part === 2 ? lines(bullets) : []).join(', ');
  const topicWords = ownWords ?? suggested;
  const status = isApiError(save.error) ? save.error.status : undefined;
  const problem = save.error ? problemOf(serverMessageOr(save.error, save.error.message), status) : null;
  const errorFor = (field: Field) => (problem?.field === field ? problem.text : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { part, text, bullets: part === 2 ? lines(bullets) : [], topicWords: words(topicWords) };
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          toastSuccess(editing ? 'Question saved' : 'Question added', editing ? 'Tests from now on ask it as it reads now.' : 'Tests from now on may draw it.');
          onClose();
        },
      },
    );
  };

  const isCard = part === 2;
  return (
    <FormModal opened onClose={onClose} title={editing ? 'Edit question' : 'Add question'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NativeSelect
            label="Part"
            data={PART_OPTIONS}
            value={String(part)}
            onChange={(event) => setPart(Number(event.currentTarget.value) as Part)}
            error={errorFor('part')}
          />
          <GrowingTextarea
            label={isCard ? 'Cue card topic' : 'Question'}
            description={isCard ? 'As the card reads, e.g. “Describe a market you like to visit.”' : 'As the examiner asks it, e.g. “Do you have a pet at home?”'}
            required
            minRows={2}
            maxRows={6}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={SCHOOL_QUESTION_TEXT_MAX_LENGTH}
            error={errorFor('text')}
            data-autofocus
          />
          {isCard ? (
            <GrowingTextarea
              label="What to say"
              description={`One line each, ${CUE_CARD_MIN_BULLETS} to ${CUE_CARD_MAX_BULLETS} lines; the last usually starts “and explain”.`}
              required
              minRows={4}
              maxRows={8}
              value={bullets}
              onChange={(event) => setBullets(event.currentTarget.value)}
              error={errorFor('bullets')}
            />
          ) : null}
          <Stack gap={4}>
            <GrowingTextarea
              label="Topic words"
              description="Words an answer on this topic would use, separated by commas. An answer that uses none of them, nor the question’s own words, is marked as not about the question."
              minRows={2}
              maxRows={6}
              value={topicWords}
              onChange={(event) => setOwnWords(event.currentTarget.value)}
              error={errorFor('topicWords')}
            />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {ownWords === null ? 'Suggested from the text: add the synonyms and examples an answer would use.' : 'Your own list.'}
              </Text>
              {ownWords !== null ? (
                <Button size="compact-sm" variant="subtle" onClick={() => setOwnWords(null)}>
                  Suggest from the text
                </Button>
              ) : null}
            </Group>
          </Stack>
          {problem && problem.field === null ? (
            <Text size="sm" c="red.9" role="alert">
              {problem.text}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save question' : 'Add question'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
