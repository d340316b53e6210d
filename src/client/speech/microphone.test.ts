import { describe, expect, it, vi } from 'vitest';
import { MICROPHONE_ISSUE_PREFIX, MICROPHONE_ISSUE_TITLE, MICROPHONE_MESSAGES, withoutMicrophonePrefix } from './messages.js';
import { describeMicrophoneError, MicrophoneError, requestMicrophone } from './microphone.js';

function domError(name: string): Error {
  const error = new Error(`${name} happened`);
  error.name = name;
  return error;
}

function fakeStream(audioTracks: number, videoTracks = 0) {
  const tracks = [
    ...Array.from({ length: audioTracks }, () => ({ kind: 'audio', stop: vi.fn() })),
    ...Array.from({ length: videoTracks }, () => ({ kind: 'video', stop: vi.fn() })),
  ];
  return {
    tracks,
    stream: {
      getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
      getTracks: () => tracks,
    } as unknown as MediaStream,
  };
}

describe('describeMicrophoneError', () => {
  it.each([
    ['NotFoundError', false, 'not-found', MICROPHONE_MESSAGES.notFound],
    ['OverconstrainedError', true, 'not-found', MICROPHONE_MESSAGES.notFound],
    ['NotAllowedError', false, 'not-allowed', MICROPHONE_MESSAGES.notAllowed],
    ['NotAllowedError', true, 'not-allowed', MICROPHONE_MESSAGES.notAllowedApple],
    ['NotReadableError', false, 'not-readable', MICROPHONE_MESSAGES.notReadable],
    ['AbortError', false, 'aborted', MICROPHONE_MESSAGES.aborted],
  ])('%s (Apple: %s) -> %s', (name, isApple, code, message) => {
    const described = describeMicrophoneError(domError(name), isApple);
    expect(described).toBeInstanceOf(MicrophoneError);
    expect(described).toMatchObject({ code, message, browserErrorName: name });
  });

  it('on Android: the steps of Chrome on Android (no microphone icon in its address bar)', () => {
    const described = describeMicrophoneError(domError('NotAllowedError'), false, true);
    expect(described.message).toBe(MICROPHONE_MESSAGES.notAllowedAndroid);
    expect(described.message).toMatch(/tap the icon to the left of the web address, then Permissions/);
    expect(described.message).not.toMatch(/address bar/);
  });

  it('names any other error and asks to enable permissions', () => {
    const described = describeMicrophoneError(domError('SecurityError'), false);
    expect(described.code).toBe('other');
    expect(described.message).toBe(`${MICROPHONE_ISSUE_PREFIX} The browser reported SecurityError. Please enable microphone permissions for this site and try again.`);
    expect(describeMicrophoneError('weird', false).message).toContain('an unknown error');
  });

  it('says which way to go on Apple: Safari settings, elsewhere the address bar', () => {
    expect(MICROPHONE_MESSAGES.notAllowedApple).toMatch(/Safari settings.*refresh/);
    expect(MICROPHONE_MESSAGES.notAllowed).toMatch(/microphone icon in the address bar/);
    for (const message of Object.values(MICROPHONE_MESSAGES)) {
      expect(message.startsWith(MICROPHONE_ISSUE_PREFIX)).toBe(true);
      // Said once: the prefix names the microphone's access, the rest does not repeat it.
      expect(withoutMicrophonePrefix(message)).not.toMatch(/^Microphone access/);
    }
    // The heading above the rest, where a page shows the two apart.
    expect(MICROPHONE_ISSUE_TITLE).toBe('Microphone access issue');
  });
});

describe('requestMicrophone', () => {
  it('returns a stream with an audio track', async () => {
    const { stream } = fakeStream(1);
    const getUserMedia = vi.fn(async () => stream);
    await expect(requestMicrophone({ mediaDevices: { getUserMedia } })).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
  });

  it('refuses a stream without an audio track and releases it', async () => {
    const { stream, tracks } = fakeStream(0, 1);
    await expect(requestMicrophone({ mediaDevices: { getUserMedia: async () => stream } })).rejects.toMatchObject({
      code: 'not-found',
      message: MICROPHONE_MESSAGES.notFound,
    });
    expect(tracks[0]?.stop).toHaveBeenCalled();
  });

  it("maps the browser's refusal to the spec text", async () => {
    const getUserMedia = () => Promise.reject(domError('NotAllowedError'));
    await expect(requestMicrophone({ isApple: true, mediaDevices: { getUserMedia } })).rejects.toMatchObject({
      message: MICROPHONE_MESSAGES.notAllowedApple,
    });
  });

  it("on Android, the refusal gives Chrome on Android's steps", async () => {
    const getUserMedia = () => Promise.reject(domError('NotAllowedError'));
    await expect(requestMicrophone({ isAndroid: true, mediaDevices: { getUserMedia } })).rejects.toMatchObject({ message: MICROPHONE_MESSAGES.notAllowedAndroid });
  });

  it('says the browser does not support the microphone when the API is missing', async () => {
    await expect(requestMicrophone({ mediaDevices: undefined })).rejects.toMatchObject({ code: 'unsupported', message: MICROPHONE_MESSAGES.unsupported });
  });
});
