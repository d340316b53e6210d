import { describe, expect, it } from 'vitest';
import { downmixToMono, encodeWav, recordingToWav, toInt16, WAV_HEADER_BYTES } from './wav.js';

function ascii(view: DataView, offset: number, length: number): string {
  return String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));
}

describe('encodeWav', () => {
  it('writes a RIFF/WAVE header for mono 16-bit PCM', () => {
    const samples = new Float32Array(16_000);
    const view = new DataView(encodeWav(samples, 16_000));
    expect(view.byteLength).toBe(WAV_HEADER_BYTES + 32_000);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 32_000);
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(32_000);
  });

  it('writes one little-endian 16-bit sample per input sample, clipping and silencing NaN', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 1.7, -3, Number.NaN]);
    const view = new DataView(encodeWav(samples, 48_000));
    expect(view.getUint32(40, true) / 2).toBe(samples.length);
    const written = Array.from(samples, (_, index) => view.getInt16(WAV_HEADER_BYTES + index * 2, true));
    expect(written).toEqual([0, 16384, -16384, 32767, -32768, 32767, -32768, 0]);
    expect(view.getUint32(24, true)).toBe(48_000);
  });

  it('writes a valid empty file and refuses a bad sample rate', () => {
    expect(encodeWav(new Float32Array(0), 16_000).byteLength).toBe(WAV_HEADER_BYTES);
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow(RangeError);
    expect(() => encodeWav(new Float32Array(1), 44_100.5)).toThrow(RangeError);
  });

  it('converts samples to 16-bit integers', () => {
    expect(toInt16(0.25)).toBe(8192);
    expect(toInt16(-0.25)).toBe(-8192);
  });
});

describe('downmixToMono', () => {
  it('averages the channels over the shortest length', () => {
    expect(Array.from(downmixToMono([Float32Array.from([1, 0.5, 0]), Float32Array.from([0, 0.5, 1, 1])]))).toEqual([0.5, 0.5, 0.5]);
    const mono = Float32Array.from([0.1, 0.2]);
    expect(downmixToMono([mono])).toBe(mono);
    expect(downmixToMono([])).toHaveLength(0);
  });
});

describe('recordingToWav', () => {
  it('decodes at 16 kHz by default, mixes down and encodes', async () => {
    const requested: number[] = [];
    const wav = await recordingToWav(new Blob(['encoded']), {
      decode: async (data, sampleRate) => {
        requested.push(sampleRate, data.byteLength);
        const left = Float32Array.from([1, 1, 1]);
        const right = Float32Array.from([0, 0, 0]);
        return { numberOfChannels: 2, sampleRate, getChannelData: (channel) => (channel === 0 ? left : right) };
      },
    });
    expect(requested).toEqual([16_000, 7]);
    expect(wav.type).toBe('audio/wav');
    const view = new DataView(await wav.arrayBuffer());
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(40, true)).toBe(6);
    expect(view.getInt16(WAV_HEADER_BYTES, true)).toBe(16384);
  });
});
