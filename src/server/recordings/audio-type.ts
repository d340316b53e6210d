/*
 * What a recording is: the declared Content-Type parsed and re-written from an allow-list (never
 * echoed: a browser reads `audio/webm;a=b,text/html` as HTML), and the bytes' first bytes checked
 * against that type's signature. The list is what the recorder can make (src/client/speech/
 * constants.ts: webm/Opus, mp4/AAC, AAC, ogg) plus WAV; each type names the one container ffmpeg
 * may read it as (analysis/decode.ts), so a recording is never parsed as anything else.
 */
import { HttpError } from '../lib/http-errors.js';

export type RecordingContainer = 'webm' | 'ogg' | 'mp4' | 'aac' | 'wav';

interface ContainerRule {
  /** The type stored and sent back. */
  canonical: string;
  /** The `codecs` values kept (lower case); any other is dropped. */
  codecs: readonly string[];
  /** Whether the first bytes are this container's signature. */
  signature: (head: Uint8Array) => boolean;
  /** How many first bytes the signature needs. */
  headBytes: number;
  /** The container as a person names it ("a WebM file"). */
  name: string;
  /** What every file of the container starts with, for the sentence refusing one that does not. */
  startsWith: string;
}

const ascii = (head: Uint8Array, offset: number, text: string) =>
  head.length >= offset + text.length && [...text].every((char, i) => head[offset + i] === char.charCodeAt(0));

const CONTAINERS: Record<RecordingContainer, ContainerRule> = {
  webm: {
    canonical: 'audio/webm',
    codecs: ['opus', 'vorbis'],
    signature: (head) => head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3,
    headBytes: 4,
    name: 'a WebM file',
    startsWith: 'a WebM file starts with the bytes 1A 45 DF A3',
  },
  ogg: {
    canonical: 'audio/ogg',
    codecs: ['opus', 'vorbis', 'flac'],
    signature: (head) => ascii(head, 0, 'OggS'),
    headBytes: 4,
    name: 'an Ogg file',
    startsWith: 'an Ogg file starts with the bytes 4F 67 67 53 ("OggS")',
  },
  mp4: {
    canonical: 'audio/mp4',
    codecs: ['mp4a.40.2', 'mp4a.40.5', 'mp4a.40.29', 'mp4a.67', 'opus', 'flac'],
    signature: (head) => ascii(head, 4, 'ftyp'),
    headBytes: 8,
    name: 'an MP4 file',
    startsWith: 'an MP4 file has the bytes 66 74 79 70 ("ftyp") from its fifth byte on',
  },
  aac: {
    canonical: 'audio/aac',
    codecs: [],
    // ADTS frames: a 12-bit sync word of ones, layer 00.
    signature: (head) => head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0,
    headBytes: 2,
    name: 'an AAC (ADTS) stream',
    startsWith: 'an AAC (ADTS) stream starts with the byte FF and then F0, F1, F8 or F9',
  },
  wav: {
    canonical: 'audio/wav',
    codecs: [],
    signature: (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE'),
    headBytes: 12,
    name: 'a WAV file',
    startsWith: 'a WAV file starts with the bytes 52 49 46 46 ("RIFF") and has 57 41 56 45 ("WAVE") from its ninth byte on',
  },
};

/** Declared types (lower case, without parameters) and the container each is. */
const DECLARED: ReadonlyMap<string, RecordingContainer> = new Map([
  ['audio/webm', 'webm'],
  ['audio/ogg', 'ogg'],
  ['audio/mp4', 'mp4'],
  ['audio/x-m4a', 'mp4'],
  ['audio/m4a', 'mp4'],
  ['audio/aac', 'aac'],
  ['audio/wav', 'wav'],
  ['audio/x-wav', 'wav'],
  ['audio/wave', 'wav'],
]);

/** The types an upload may declare, for the sentence that refuses another. */
export const ACCEPTED_RECORDING_TYPES: readonly string[] = [...new Set(Object.values(CONTAINERS).map((rule) => rule.canonical))];
export const RECORDING_TYPE_MESSAGE = `A recording must be audio of one of these types: ${ACCEPTED_RECORDING_TYPES.join(', ')}.`;

export interface RecordingType {
  container: RecordingContainer;
  /** The re-written type: the canonical type and, when known, its codec, e.g. `audio/webm;codecs=opus`. */
  mimeType: string;
}

// RFC 9110 media type: type "/" subtype *( OWS ";" OWS parameter ), parameter = token "=" ( token / quoted-string ).
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*(?:${TOKEN})=(?:${TOKEN}|"(?:[^"\\\\\\x00-\\x1f\\x7f]|\\\\[\\t -~])*"))*)[ \\t]*;?[ \\t]*$`);
const PARAMETER = new RegExp(`;[ \\t]*(${TOKEN})=(${TOKEN}|"(?:[^"\\\\\\x00-\\x1f\\x7f]|\\\\[\\t -~])*")`, 'g');

/**
 * The recording type a Content-Type header declares, re-written; null when the header is not one
 * well-formed media type from the list. Only a known `codecs` value is kept; every other parameter
 * is dropped.
 */
export function parseRecordingType(header: string | undefined): RecordingType | null {
  const match = MEDIA_TYPE.exec((header ?? '').trim());
  if (!match) return null;
  const container = DECLARED.get(`${match[1]}/${match[2]}`.toLowerCase());
  if (!container) return null;
  const rule = CONTAINERS[container];
  let codec: string | undefined;
  for (const [, name, raw] of (match[3] ?? '').matchAll(PARAMETER)) {
    if (name?.toLowerCase() !== 'codecs' || raw === undefined) continue;
    const value = (raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw).trim().toLowerCase();
    codec = rule.codecs.find((known) => known === value);
  }
  return { container, mimeType: codec ? `${rule.canonical};codecs=${codec}` : rule.canonical };
}

/**
 * The type to send a stored recording with. Rows written before types were re-written may hold
 * anything a client sent: they are parsed leniently (the part before the first `;`) and sent as the
 * canonical type of a known container (an old `audio/mpeg` as itself), anything else as bytes.
 */
export function servedRecordingType(stored: string): string {
  const strict = parseRecordingType(stored);
  if (strict) return strict.mimeType;
  const base = stored.split(';')[0]?.trim().toLowerCase() ?? '';
  const container = DECLARED.get(base);
  if (container) return CONTAINERS[container].canonical;
  return base === 'audio/mpeg' ? 'audio/mpeg' : 'application/octet-stream';
}

/** The demuxer ffmpeg reads each container with (`-f`): the analysis never lets ffmpeg guess. */
const FFMPEG_DEMUXERS: Record<RecordingContainer, string> = { webm: 'matroska', ogg: 'ogg', mp4: 'mov', aac: 'aac', wav: 'wav' };

/** The ffmpeg input format for a stored type (legacy rows included), or null for a type not decoded. */
export function ffmpegInputFormat(stored: string): string | null {
  const served = servedRecordingType(stored);
  const container = DECLARED.get(served.split(';')[0] ?? '');
  if (container) return FFMPEG_DEMUXERS[container];
  return served === 'audio/mpeg' ? 'mp3' : null;
}

/** The file name extension a served type gets in Content-Disposition. */
export function recordingFileExtension(servedType: string): string {
  const container = DECLARED.get(servedType.split(';')[0] ?? '');
  if (container) return container;
  return servedType === 'audio/mpeg' ? 'mp3' : 'bin';
}

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');

/**
 * The 415 for bytes that are not the declared container: what such a file starts with, and what
 * this upload starts with (in hex: the bytes themselves are never echoed), or that it is shorter.
 * `head` is the upload's first bytes, `complete` whether they are the whole upload.
 */
export function notThatAudio(type: RecordingType, head: Uint8Array, complete: boolean): HttpError {
  const rule = CONTAINERS[type.container];
  const shown = head.subarray(0, Math.max(rule.headBytes, 4));
  const upload =
    complete && head.length < rule.headBytes
      ? `this upload is only ${head.length} byte${head.length === 1 ? '' : 's'} long (${hex(head)})`
      : `this upload starts with ${hex(shown)}`;
  return new HttpError(
    415,
    `This recording was sent as ${rule.canonical}, but its bytes are not ${rule.name}: ${rule.startsWith}, and ${upload}. Send the file exactly as the browser recorded it.`,
  );
}

/**
 * The bytes of `source`, passed on unchanged once the first ones match the declared container's
 * signature; throws the 415 of `notThatAudio` before passing on anything that does not. An empty
 * source passes (the route refuses it as empty).
 */
export async function* checkedAudio(source: AsyncIterable<Uint8Array>, type: RecordingType): AsyncGenerator<Uint8Array> {
  const rule = CONTAINERS[type.container];
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let checked = false;
  for await (const piece of source) {
    if (checked) {
      yield piece;
      continue;
    }
    held.push(piece);
    heldBytes += piece.length;
    if (heldBytes < rule.headBytes) continue;
    const head = Buffer.concat(held, heldBytes);
    if (!rule.signature(head)) throw notThatAudio(type, head, false);
    checked = true;
    yield* held;
  }
  if (!checked && heldBytes > 0) throw notThatAudio(type, Buffer.concat(held, heldBytes), true);
}
