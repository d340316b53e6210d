import { Text } from '@mantine/core';

export function StudentsTab() {
  return <Text c="dimmed">Student management is being built.</Text>;
}
