/*
 * The interview's audio download is a real WAV (spec section 9: interview-audio-{date}.wav): the
 * recording decoded by the browser, resampled to 16 kHz, mixed down to mono and written as 16-bit
 * PCM in a RIFF file. The encoding is pure and tested without a browser.
 */
import { WAV_SAMPLE_RATE } from './constants.js';

export const WAV_HEADER_BYTES = 44;

/** The average of the channels, sample by sample (the length of the shortest channel). */
export function downmixToMono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const length = Math.min(...channels.map((channel) => channel.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let index = 0; index < length; index += 1) mono[index] = (mono[index] ?? 0) + (channel[index] ?? 0);
  }
  for (let index = 0; index < length; index += 1) mono[index] = (mono[index] ?? 0) / channels.length;
  return mono;
}

/** A sample in -1..1 as a signed 16-bit integer; louder samples are clipped, NaN is silence. */
export function toInt16(sample: number): number {
  if (Number.isNaN(sample)) return 0;
  const clipped = Math.max(-1, Math.min(1, sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

/** Mono samples as a WAV file: RIFF header ('fmt ' PCM, 1 channel, 16 bits) and the 'data' chunk. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`invalid sample rate ${sampleRate}`);
  const channels = 1;
  const bytesPerSample = 2;
  const dataBytes = samples.length * bytesPerSample * channels;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * bytesPerSample, true); // bytes per second
  view.setUint16(32, channels * bytesPerSample, true); // block align
  view.setUint16(34, bytesPerSample * 8, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) {
    view.setInt16(WAV_HEADER_BYTES + index * bytesPerSample, toInt16(samples[index] ?? 0), true);
  }
  return buffer;
}

export interface DecodedAudio {
  readonly numberOfChannels: number;
  readonly sampleRate: number;
  getChannelData(channel: number): Float32Array;
}

export interface WavConversionOptions {
  /** Default 16 kHz (WAV_SAMPLE_RATE). */
  sampleRate?: number;
  /** Decodes encoded audio to samples at `sampleRate`; default an OfflineAudioContext at that rate. */
  decode?: (data: ArrayBuffer, sampleRate: number) => Promise<DecodedAudio>;
}

/** decodeAudioData resamples to its context's rate: an OfflineAudioContext at 16 kHz does the resampling. */
async function decodeWithOfflineContext(data: ArrayBuffer, sampleRate: number): Promise<DecodedAudio> {
  const Context =
    (globalThis as { OfflineAudioContext?: typeof OfflineAudioContext }).OfflineAudioContext ??
    (globalThis as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Context) throw new Error('This browser cannot decode audio (no OfflineAudioContext).');
  const context = new Context(1, 1, sampleRate);
  // Safari's prefixed context only has the callback form.
  return new Promise<DecodedAudio>((resolve, reject) => {
    const pending = context.decodeAudioData(data, resolve, reject) as Promise<AudioBuffer> | undefined;
    pending?.then(resolve, reject);
  });
}

/** A recording (webm, mp4, ...) as a mono 16-bit PCM WAV blob. */
export async function recordingToWav(recording: Blob, options: WavConversionOptions = {}): Promise<Blob> {
  const sampleRate = options.sampleRate ?? WAV_SAMPLE_RATE;
  const decode = options.decode ?? decodeWithOfflineContext;
  const audio = await decode(await recording.arrayBuffer(), sampleRate);
  const channels = Array.from({ length: audio.numberOfChannels }, (_, channel) => audio.getChannelData(channel));
  return new Blob([encodeWav(downmixToMono(channels), audio.sampleRate)], { type: 'audio/wav' });
}
