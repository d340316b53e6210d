import { Alert, Button, Group, Stack, Text, type AlertProps } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

/**
 * A voice flow stopped because the student left the page (the interview's and the speaking test's
 * pause): why it stopped, what Continue does, and Continue, which takes the focus as the alert shows
 * and is described by both sentences (the alert and the live region changed while the page was out
 * of sight, so a screen reader coming back reads the focused button, and with it why it stopped).
 */
export function PausedAlert({
  title,
  why,
  then,
  onContinue,
  styles,
  testId,
}: {
  title: string;
  why: string;
  then: string;
  onContinue: () => void;
  styles?: AlertProps['styles'];
  testId: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => button.current?.focus(), []);
  return (
    <Alert color="blue" variant="light" title={title} styles={styles} data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm" id={`${id}-why`}>
          {why}
        </Text>
        <Text size="sm" id={`${id}-then`}>
          {then}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button ref={button} onClick={onContinue} aria-describedby={`${id}-why ${id}-then`}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
