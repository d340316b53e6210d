/**
 * Bytes whose stream is opened only when they are first read. A file stream opened early, before
 * anything listens (while ffmpeg or the analysis process is spawned, or a backup entry's header is
 * written), reports a file removed meanwhile (a recording replaced or expired) as an error nobody
 * handles, which Node raises as an uncaught exception that stops the whole server.
 */
export function openedWhenRead(open: () => AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => open()[Symbol.asyncIterator]() };
}
