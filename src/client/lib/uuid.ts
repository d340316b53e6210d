/*
 * A random UUID (version 4) for ids the client makes (an attempt's id, sent with its save so a retry
 * is recognised). Browsers give crypto.randomUUID only to secure contexts (https or localhost); a
 * school that opens Parley at http://<server's address> still gets crypto.getRandomValues, which is
 * available everywhere, so the id is built from its bytes there.
 */

/** What this module needs of the Web Crypto API (the page's `crypto` by default). */
export interface UuidSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
  randomUUID?: (() => string) | undefined;
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

/** RFC 9562 version 4: 122 random bits, the version nibble 4 and the variant bits 10. */
export function uuidFromRandomBytes(source: Pick<UuidSource, 'getRandomValues'>): string {
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const digits = Array.from(bytes, hex).join('');
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
}

export function randomUuid(source: UuidSource = crypto): string {
  return typeof source.randomUUID === 'function' ? source.randomUUID() : uuidFromRandomBytes(source);
}
