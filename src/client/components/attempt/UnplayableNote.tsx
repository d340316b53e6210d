import { Anchor, Text } from '@mantine/core';
import { PlainAlert } from '../PlainAlert';

/** MediaError.MEDIA_ERR_NETWORK: the recording stopped coming (a dropped connection), not a format the browser refuses. */
const NETWORK_FAILURE = 2;

/**
 * Under a player whose recording the browser could not play (RecordingPlayer): what happened and
 * what to do. A format the browser does not decode (a WebM, recorded by Chrome, Firefox or an Android
 * phone, in a Safari without WebM; damaged bytes) is told apart from a connection that dropped while
 * the recording loaded. Chrome plays the formats every browser records in (WebM/Opus and MP4/AAC).
 */
export function UnplayableNote({ audioUrl, code }: { audioUrl: string; code: number }) {
  if (code === NETWORK_FAILURE) {
    return (
      <PlainAlert color="orange" role="alert" title="The recording stopped loading" data-testid="recording-unplayable">
        <Text size="sm">The connection dropped while the recording loaded. Reload the page to try again.</Text>
      </PlainAlert>
    );
  }
  return (
    <PlainAlert color="orange" role="alert" title="This browser cannot play the recording" data-testid="recording-unplayable">
      <Text size="sm">
        <Anchor href={audioUrl} download underline="always" inherit c="dark.9" fw={600}>
          Download the recording
        </Anchor>{' '}
        to play it on another device, or open this page in Chrome on a computer, which plays recordings from every browser.
      </Text>
    </PlainAlert>
  );
}
