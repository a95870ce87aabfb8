import { describe, expect, it } from 'vitest';
import { formatFileSize, shortFileName } from './file-display.ts';

describe('shortFileName', () => {
  it('keeps names of up to 15 characters and cuts longer ones to 10 plus dots', () => {
    expect(shortFileName('licence.pdf')).toBe('licence.pdf');
    expect(shortFileName('123456789012345')).toBe('123456789012345');
    expect(shortFileName('1234567890123456')).toBe('1234567890...');
    expect(shortFileName('practising-licence-2027.pdf')).toBe('practising...');
    expect(shortFileName('Zulassungsurkunde-Ärztekammer.pdf')).toBe('Zulassungs...');
  });
});

describe('formatFileSize', () => {
  it('shows KB below 1 MB and MB from 1 MB on, to 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 KB');
    expect(formatFileSize(512)).toBe('0.50 KB');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024.00 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.50 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.00 MB');
  });
});
