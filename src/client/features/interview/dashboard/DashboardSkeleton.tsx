import { Button, Container, Group, Input, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Dashboard.module.css';

/*
 * What /interview-dashboard shows until its profile and its form's code are in: the form's own frame
 * (its titles, labels and sections, in the same components and sizes as ./Dashboard and its
 * sections) with shimmering boxes where the values and buttons will be. The form then takes exactly
 * its place, so nothing below it moves when it arrives (no layout shift; the footer stays below the
 * fold). Drawn for an empty profile: a saved profile's rows only add height below the fold.
 * Nothing in it can be focused or read; a screen reader hears "Loading your profile…".
 */

const INPUT_OFFSET = 'calc(var(--mantine-spacing-xs) / 2)';
/** Mantine's input height at the default size (sm, 36px), as TextInput and NumberInput draw it. */
const INPUT_HEIGHT = '2.25rem';
/** The autosized Textareas' heights at their minimum rows (4 for the summary, 2 for the skills: 101px and 57px), in Mantine's default size. */
const SUMMARY_HEIGHT = '6.3125rem';
const SKILLS_HEIGHT = '3.5625rem';

/** A field's label (and description) as the form draws them, with a box where its input will be. */
function Field({ label, description, below, height = INPUT_HEIGHT }: { label: string; description?: string; below?: ReactNode; height?: string }) {
  const box = (margin: { marginTop?: string; marginBottom?: string }) => <Skeleton radius="sm" style={{ height, ...margin }} />;
  if (below !== undefined) {
    return (
      <Input.Wrapper label={label} description={below} inputWrapperOrder={['label', 'input', 'description', 'error']}>
        {box({ marginBottom: INPUT_OFFSET })}
      </Input.Wrapper>
    );
  }
  return (
    <Input.Wrapper label={label} description={description}>
      {box(description ? { marginTop: INPUT_OFFSET } : {})}
    </Input.Wrapper>
  );
}

/** A button's box: the button itself under the shimmer (and out of reach: the whole placeholder is inert), so that the size is its own. */
function ButtonBox({ children, size }: { children: string; size?: 'xs' }) {
  return (
    <Skeleton w="fit-content" radius="sm" style={{ flex: 'none' }}>
      <Button variant="default" size={size} tabIndex={-1}>
        {children}
      </Button>
    </Skeleton>
  );
}

const LISTS = ['Professional Experience', 'Education', 'Certification', 'Technical Skills', 'Achievements'] as const;

export function DashboardSkeleton() {
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <div role="status" aria-live="polite" className="visually-hidden">
        Loading your profile…
      </div>
      <Stack gap="lg" aria-hidden inert>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              Interview Dashboard
            </Title>
            <Text c="dimmed">Prepare your professional profile for interviews</Text>
            {/* A line's box, no words: a made-up name would read as someone's before the student's own is in. */}
            <Skeleton w={200} radius="sm">
              <Text fw={500}>&nbsp;</Text>
            </Skeleton>
            <Skeleton w="fit-content" radius="sm">
              <Text size="sm">My progress</Text>
            </Skeleton>
          </Stack>
          <ButtonBox>Logout</ButtonBox>
        </Group>

        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              Basic Information
            </Title>
            <Field label="Name" description="From your student record" />
            <Field
              label="Professional Summary"
              height={SUMMARY_HEIGHT}
              below={
                <Skeleton component="span" display="inline-block" radius="sm" style={{ verticalAlign: 'top' }}>
                  0/500
                </Skeleton>
              }
            />
            <ButtonBox size="xs">Show Example</ButtonBox>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              Professional Details
            </Title>
            <div className={classes.pair}>
              <Field label="Experience (years)" />
              <Field label="Experience (months)" />
            </div>
            <Field label="Profile" />
            <Field label="Core Competence" />
            <Field label="Skills" height={SKILLS_HEIGHT} />
          </Stack>
        </Paper>

        <Title order={2} size="h3">
          Your Background
        </Title>
        {LISTS.map((title) => (
          <Paper key={title} withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Title order={3} size="h4" miw={0}>
                  {title}
                </Title>
                <ButtonBox size="xs">Add More</ButtonBox>
              </Group>
              <Skeleton w="fit-content" radius="sm">
                <Text size="sm">No entries added yet.</Text>
              </Skeleton>
            </Stack>
          </Paper>
        ))}

        <Group justify="flex-end" gap="sm" wrap="wrap">
          <ButtonBox>Save</ButtonBox>
          <ButtonBox>Start My Interview</ButtonBox>
        </Group>
      </Stack>
    </Container>
  );
}
