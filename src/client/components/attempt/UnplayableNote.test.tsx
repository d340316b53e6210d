import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnplayableNote } from './UnplayableNote';

/** The note's text, tags (and the provider's style element) dropped. */
function text(code: number): string {
  const markup = renderToStaticMarkup(
    <MantineProvider>
      <UnplayableNote audioUrl="/api/attempts/a1/recording" code={code} />
    </MantineProvider>,
  );
  return markup.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe('the note under a recording the browser did not play', () => {
  it('says the browser cannot play it where the browser refused the file (a format it does not decode, damaged bytes), with the file to download', () => {
    // MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED and MEDIA_ERR_DECODE.
    for (const code of [4, 3]) {
      expect(text(code)).toBe(
        'This browser cannot play the recording Download the recording to play it on another device, or open this page in Chrome on a computer, which plays recordings from every browser.',
      );
    }
  });

  it('says the connection dropped, not that the browser cannot play it, on a network error', () => {
    // MediaError.MEDIA_ERR_NETWORK: the same file plays once it comes whole.
    expect(text(2)).toBe('The recording stopped loading The connection dropped while the recording loaded. Reload the page to try again.');
  });
});
