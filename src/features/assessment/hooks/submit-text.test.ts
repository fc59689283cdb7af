import { describe, expect, it } from 'vitest';
import { sendingText } from './submit-text.ts';

describe('sendingText', () => {
  it('names what is still queued, with the file size when it is large', () => {
    expect(sendingText({ answers: 3, deferrals: 0, files: 1, fileBytes: 12 * 1024 * 1024 })).toBe('Sending 3 answers and 1 file, 12.0 MB...');
    expect(sendingText({ answers: 1, deferrals: 2, files: 0, fileBytes: 0 })).toBe('Sending 1 answer and 2 deferrals...');
    expect(sendingText({ answers: 2, deferrals: 1, files: 2, fileBytes: 2048 })).toBe('Sending 2 answers, 1 deferral and 2 files...');
  });
  it('says Submitting when the queue is already empty', () => {
    expect(sendingText({ answers: 0, deferrals: 0, files: 0, fileBytes: 0 })).toBe('Submitting...');
  });
});
