import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { useState } from 'react';
import { PROFILE_TEXT_LIMITS } from '../../../../shared/interview/profile-limits';
import type { ProfileForm } from './profile-form';

/*
 * 'Basic Information': the name read-only; the Professional Summary with its x/500 counter and the
 * Show/Hide Example toggle (SPEC.md section 2 '/interview-dashboard'; the limit in section 5).
 */

export const SUMMARY_EXAMPLE =
  'Results-driven software engineer with three years of experience building web applications in TypeScript and React. ' +
  'I enjoy turning unclear requirements into simple, reliable features, and I have led a small team that cut page load ' +
  'times by 40 percent. I communicate clearly with designers and clients, learn new tools quickly, and I am now looking ' +
  'for a role where I can grow into technical leadership while delivering products people enjoy using.';

const SUMMARY_MAX = PROFILE_TEXT_LIMITS.professionalSummary;

/** The summary's counter under it: "120/500", and at the limit "500/500: the limit is reached". */
export function summaryCounterText(length: number, max: number = SUMMARY_MAX): string {
  return length >= max ? `${length}/${max}: the limit is reached` : `${length}/${max}`;
}

/** Past the limit: by how much, and that it must be shortened to be saved; null within it. */
export function summaryOverText(length: number, max: number = SUMMARY_MAX): string | null {
  const over = length - max;
  if (over <= 0) return null;
  return `${over} ${over === 1 ? 'character' : 'characters'} over the limit of ${max}: shorten the summary to save it.`;
}

export function BasicInformationSection({ form, studentName }: { form: ProfileForm; studentName: string }) {
  const [showExample, setShowExample] = useState(false);
  const summaryLength = form.values.professionalSummary.length;
  const summaryInput = form.getInputProps('professionalSummary');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="basic-information">
      <Stack gap="sm">
        <Title order={2} size="h3" id="basic-information">
          Basic Information
        </Title>
        <TextInput label="Name" value={studentName} readOnly description="From your student record" />
        {/* No maxLength: a paste past the limit is kept whole and the student is told, never cut silently. */}
        <GrowingTextarea
          label="Professional Summary"
          minRows={4}
          maxRows={10}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          key={form.key('professionalSummary')}
          {...summaryInput}
          description={<span data-testid="summary-counter">{summaryCounterText(summaryLength)}</span>}
          error={summaryOverText(summaryLength) ?? summaryInput.error}
        />
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          onClick={() => setShowExample((shown) => !shown)}
          aria-expanded={showExample}
          aria-controls="summary-example"
        >
          {showExample ? 'Hide Example' : 'Show Example'}
        </Button>
        {showExample ? (
          <Paper id="summary-example" bg="var(--mantine-color-gray-light)" p="sm" radius="sm" data-testid="summary-example">
            <Text size="sm">{SUMMARY_EXAMPLE}</Text>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}
