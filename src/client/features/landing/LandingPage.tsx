import { Badge, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { forgetInterviewEnded, INTERVIEW_ENDED_TEXT, INTERVIEW_ENDED_TITLE, interviewEndedByReload } from '../../lib/interview-ended';
import { getPublicConfig } from '../../lib/public-config';
import { useSessionUser } from '../../lib/auth/session';
import { AppLink } from '../../lib/nav';
import classes from './LandingPage.module.css';
import { LiveClock } from './LiveClock';

export const TEST_PARTS = [
  {
    part: 1,
    name: 'General Questions',
    text: 'The examiner asks ten short questions about you, your home, your studies or work, and your interests.',
  },
  {
    part: 2,
    name: 'Cue Card',
    text: 'You get a topic card: one minute to prepare your ideas, then up to two minutes to speak about it.',
  },
  {
    part: 3,
    name: 'Discussion',
    text: 'A two-way discussion of wider questions linked to the topic, where you explain and support your opinions.',
  },
] as const;

export default function LandingPage() {
  const { appTitle, className } = getPublicConfig();
  const { user } = useSessionUser();
  const continueTo = user ? (user.isAdmin ? '/admin' : '/student') : '/auth';
  // Said on this visit only: read once, then forgotten.
  const [interviewEnded] = useState(interviewEndedByReload);
  useEffect(() => {
    if (interviewEnded) forgetInterviewEnded();
  }, [interviewEnded]);

  return (
    <Container size="lg">
      <Stack gap="xl">
        {interviewEnded ? (
          <Paper withBorder radius="md" p="md" role="status" className={classes.ended} data-testid="interview-ended">
            <Text fw={700}>{INTERVIEW_ENDED_TITLE}</Text>
            <Text size="sm">{INTERVIEW_ENDED_TEXT}</Text>
          </Paper>
        ) : null}
        <Paper className={classes.banner} radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={6}>
              <Title order={1} className={classes.title}>
                {appTitle}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} fw={500}>
                {className}
              </Text>
            </Stack>
            <LiveClock className={classes.clock} />
          </Group>
        </Paper>

        <Stack gap="sm">
          <Title order={2} size="h3">
            Welcome to your speaking practice
          </Title>
          <Text maw={720}>
            Practise the IELTS Speaking test out loud. An examiner voice reads each question, you answer by speaking, and your
            answers are recorded. What else you get depends on your browser: in Chrome or Edge, on a computer or an Android
            phone, your answers are also turned into text and at the end you see estimated band scores for Fluency,
            Vocabulary, Grammar and Pronunciation. On Apple devices, and in browsers without speech recognition such as Firefox,
            your recording goes to your teacher, who scores it. The test has three parts:
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {TEST_PARTS.map((item) => (
            <Card key={item.part} withBorder padding="lg" radius="md">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
                  {item.part}
                </ThemeIcon>
                <div>
                  <Badge variant="light" size="sm">
                    Part {item.part}
                  </Badge>
                  <Title order={3} size="h4">
                    {item.name}
                  </Title>
                </div>
              </Group>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Group>
          <Button component={AppLink} to={continueTo} size="md">
            {user ? `Continue as ${user.displayName}` : 'Sign in to start'}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
