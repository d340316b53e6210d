import { Alert, Badge, Box, Group, Loader, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { HeldButton } from '../../../components/HeldButton';
import { PausedAlert } from '../../../components/PausedAlert';
import { useFocusAfterPanel } from '../../../lib/focus-after-panel';
import type { ActiveViewModel } from '../flow';
import { MINUTE_MS, statusAnnouncement, timeAnnouncement } from './announcements';
import { alertStyles, Panel } from './Panel';

/* View 3 of /interview-simulator, 'Active interview' (SPEC.md section 2). */

interface ActiveViewProps {
  model: ActiveViewModel;
  onToggleRecording: () => void;
  onNext: () => void;
  onResume: () => void;
}

export function ActiveView({ model, onToggleRecording, onNext, onResume }: ActiveViewProps) {
  // Continue goes with the paused panel: the focus then goes to the answer's first button (Stop
  // Recording, or held while the question is asked again), not to the page's top.
  const answerButtons = useFocusAfterPanel<HTMLDivElement>(model.paused !== null);
  return (
    <Panel labelledBy="interview-title" takesFocus>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={1} size="h2" id="interview-title">
            {model.title}
          </Title>
          {/* The timer is named as the speaking test's are (a name on the badge, a plain element, was never read). */}
          <Badge size="lg" variant="light" color={model.remainingMs <= MINUTE_MS ? 'red' : 'blue'}>
            <span role="timer" aria-live="off" aria-label="Interview time left">
              {model.countdown}
            </span>
          </Badge>
        </Group>
        <Stack gap={6}>
          <Text fw={600}>{model.questionLabel}</Text>
          <Progress value={model.progressPercent} aria-label={model.questionLabel} size="md" />
        </Stack>
        <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="interview-announcer">
          {statusAnnouncement(model)}
        </VisuallyHidden>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {timeAnnouncement(model.remainingMs)}
        </VisuallyHidden>
        <Paper bg="var(--mantine-color-gray-0)" p="md" radius="md" mih={80}>
          {model.questionText ? (
            <Text size="lg" fw={500} data-testid="current-question">
              {model.questionText}
            </Text>
          ) : (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text c="dimmed">The interviewer is getting ready…</Text>
            </Group>
          )}
          {model.isSpeaking ? (
            <Text size="sm" c="dimmed" mt="xs">
              The interviewer is speaking…
            </Text>
          ) : null}
        </Paper>
        {/* The student left the page mid-interview. */}
        {model.paused ? <PausedAlert title="Interview paused" why={model.paused.message} then={model.paused.resumeNote} onContinue={onResume} styles={alertStyles} testId="interview-paused" /> : null}
        {model.recordingProblem ? (
          <Alert color="red" variant="light" title={model.recordingProblem.title} styles={alertStyles} role="note">
            <Text size="sm" data-testid="recording-problem">
              {model.recordingProblem.text}
            </Text>
          </Alert>
        ) : null}
        <Group ref={answerButtons} gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          {/* Held, not disabled, while a question is asked: the one just pressed keeps the focus. */}
          {model.showRecordingButton ? (
            <HeldButton
              variant={model.isRecording ? 'filled' : 'default'}
              color={model.isRecording ? 'red.8' : undefined}
              onClick={onToggleRecording}
              unavailable={model.recordingButtonDisabled}
            >
              {model.recordingButtonLabel}
            </HeldButton>
          ) : null}
          <HeldButton onClick={onNext} unavailable={model.nextButtonDisabled}>
            {model.nextButtonLabel}
          </HeldButton>
        </Group>
        {model.autoAdvanceLabel ? (
          <Text size="sm" c="blue.9" data-testid="auto-advance">
            {model.autoAdvanceLabel}
          </Text>
        ) : null}
        {model.waitingNote ? (
          <Text size="sm" data-testid="waiting-note">
            {model.waitingNote}
          </Text>
        ) : null}
        <Box component="section" aria-labelledby="live-transcript">
          <Group justify="space-between" mb={4}>
            <Title order={2} size="h4" id="live-transcript">
              Live Transcript
            </Title>
            {model.showListening ? (
              <Text size="sm" c="teal.9" fw={500}>
                Listening...
              </Text>
            ) : null}
          </Group>
          <Paper withBorder p="sm" radius="md" mih={96} data-testid="live-transcript">
            {model.transcriptionOff ? (
              <Text c="dimmed" size="sm">
                {model.recordingProblem ? 'This browser does not transcribe.' : 'Recording only: this browser does not transcribe.'} A pause of about 3
                seconds ends your answer, and the next question follows unless you speak again.
              </Text>
            ) : model.finalTranscript || model.interimTranscript ? (
              <Text>
                {model.finalTranscript}
                {model.finalTranscript && model.interimTranscript ? ' ' : ''}
                {model.interimTranscript ? (
                  <Text span fs="italic" c="dimmed">
                    {model.interimTranscript}
                  </Text>
                ) : null}
              </Text>
            ) : (
              <Text c="dimmed" size="sm">
                Your answer appears here as you speak.
              </Text>
            )}
          </Paper>
        </Box>
      </Stack>
    </Panel>
  );
}
