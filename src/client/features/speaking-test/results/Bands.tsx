import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { agreementText } from '../../../../shared/band-estimate/agreement';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { band, CRITERIA, CRITERION_NAMES } from './criteria';

/** The estimated overall band and the four sub-scores. */
export function Bands({ result }: { result: Extract<SpeakingTestResult, { assessable: true }> }) {
  return (
    <Stack gap="sm">
      <Group gap="md" align="baseline" wrap="wrap">
        <Text fw={600}>Estimated overall band</Text>
        <Text fz={44} fw={800} lh={1} c="indigo.8" data-testid="overall-band">
          {band(result.bands.overall)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {CRITERIA.map((name) => (
          <Paper key={name} withBorder radius="md" p="sm" ta="center">
            <Text size="sm" c="dimmed">
              {CRITERION_NAMES[name]}
            </Text>
            <Text fz={26} fw={700} lh={1.2} data-testid={`${name}-band`}>
              {band(result.bands[name])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {agreementText('student')} Overall is the mean of the four, to the nearest half band.
      </Text>
    </Stack>
  );
}
