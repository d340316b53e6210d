/*
 * The text of a chosen CSV file. The import asks for UTF-8, but Excel's "CSV (Comma delimited)" on
 * a Western Windows writes Windows-1252: read as UTF-8, its "é" or "ñ" would reach the preview, and
 * the stored name, as "�". So the bytes are read as UTF-8 when they are valid UTF-8 (with or without
 * the byte-order mark), as UTF-16 when they start with its byte-order mark, and otherwise as
 * Windows-1252, which the modal says.
 */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
