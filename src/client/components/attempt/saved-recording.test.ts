import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from '../../lib/outbox';
import { evidenceAnnouncement, evidenceStage, savedRecordingAttemptId } from './saved-recording';

const saved = (result: unknown, recordingError: string | null = null): OutboxStatus => ({ state: 'saved', result, recordingError });
const pending: OutboxStatus = { state: 'pending', attemptSaved: true, tries: 0, nextTryAt: null, sendingSince: 1, lastError: null, waitingForSignIn: false, memoryOnly: false };

describe('savedRecordingAttemptId', () => {
  it('is the id the server confirmed once the attempt and its recording are saved', () => {
    expect(savedRecordingAttemptId('client-id', saved({ attemptId: 'server-id', scores: {} }), true)).toBe('server-id');
    expect(savedRecordingAttemptId('client-id', saved(null), true)).toBe('client-id');
    expect(savedRecordingAttemptId('client-id', saved({ attemptId: 42 }), true)).toBe('client-id');
  });

  it('is null while saving, when saving failed, without a recording (demo mode) or when the server refused the recording', () => {
    expect(savedRecordingAttemptId('a', pending, true)).toBeNull();
    expect(savedRecordingAttemptId('a', { state: 'unknown' }, true)).toBeNull();
    expect(savedRecordingAttemptId('a', { state: 'failed', status: 403, message: 'no' }, true)).toBeNull();
    expect(savedRecordingAttemptId('a', saved({ attemptId: 'a' }), false)).toBeNull();
    expect(savedRecordingAttemptId('a', saved({ attemptId: 'a' }, 'Your recordings take 500 MB.'), true)).toBeNull();
    expect(savedRecordingAttemptId(null, saved({ attemptId: 'a' }), true)).toBeNull();
  });
});

describe('evidenceStage', () => {
  const detail = (status: 'pending' | 'done' | 'failed' | 'unavailable' | null, audioUrl: string | null = '/api/attempts/a/recording') => ({
    audioUrl,
    recordingAnalysis: status === null ? null : { status },
  });

  it('follows the analysis once the attempt is loaded, keeping the last answer when a refetch fails', () => {
    expect(evidenceStage({ isPending: true, isError: false, data: undefined })).toBe('loading');
    expect(evidenceStage({ isPending: false, isError: true, data: undefined })).toBe('error');
    for (const status of ['pending', 'done', 'failed', 'unavailable'] as const) expect(evidenceStage({ isPending: false, isError: false, data: detail(status) })).toBe(status);
    expect(evidenceStage({ isPending: false, isError: true, data: detail('pending') })).toBe('pending');
    expect(evidenceStage({ isPending: false, isError: false, data: detail('done', null) })).toBe('none');
    expect(evidenceStage({ isPending: false, isError: false, data: detail(null) })).toBe('none');
  });

  it('says plainly what is happening at each stage', () => {
    expect(evidenceAnnouncement('pending')).toBe('Listening to your recording…');
    expect(evidenceAnnouncement('loading')).toBe('Listening to your recording…');
    expect(evidenceAnnouncement('failed')).toMatch(/could not be analysed\. Your results above stay as they are\.$/);
    expect(evidenceAnnouncement('none')).toBe('');
  });
});
