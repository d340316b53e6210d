import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The current date and time, refreshed every second (spec section 1). */
export function LiveClock({ now = () => new Date(), className }: { now?: () => Date; className?: string }) {
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setCurrent(now()), 1000);
    return () => window.clearInterval(timer);
  }, [now]);
  return (
    <Stack gap={0} className={className} data-testid="live-clock">
      <Text component="time" dateTime={current.toISOString()} fz={{ base: 'xl', sm: '2rem' }} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {timeFormat.format(current)}
      </Text>
      <Text size="sm" opacity={0.9}>
        {dateFormat.format(current)}
      </Text>
    </Stack>
  );
}
