import { describe, expect, it } from 'vitest';
import { messageKey, parseMessage, z } from './zod.ts';

describe('schema messages are i18n keys', () => {
  it('words default issues as keys with parameters', () => {
    const result = z.object({ name: z.string().min(3), email: z.email() }).safeParse({ name: 'ab', email: 'x' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => parseMessage(issue.message));
    expect(messages).toEqual([
      { key: 'validation.tooShort', params: { minimum: 3 } },
      { key: 'validation.invalidEmail', params: {} },
    ]);
  });

  it('calls a missing field required', () => {
    const result = z.object({ name: z.string() }).safeParse({});
    expect(result.error?.issues[0]?.message).toBe('validation.required');
  });

  it('round-trips keys with parameters', () => {
    expect(parseMessage(messageKey('a.b', { n: 1 }))).toEqual({ key: 'a.b', params: { n: 1 } });
    expect(parseMessage('plain.key')).toEqual({ key: 'plain.key', params: {} });
  });
});
