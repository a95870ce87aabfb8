import { z } from 'zod';

/**
 * Every schema message is an i18n key, optionally with parameters: `validation.tooShort|{"minimum":3}`.
 * Form and server translate the same string, so a rule and its words are declared once.
 */
export function messageKey(key: string, params?: Record<string, unknown>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function parseMessage(message: string): { key: string; params: Record<string, unknown> } {
  const bar = message.indexOf('|');
  if (bar === -1) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message, params: {} };
  }
}

/** Default messages for issues a schema did not word itself. */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidType';
      case 'too_small':
        if (issue.origin === 'string') {
          return issue.minimum === 1
            ? 'validation.required'
            : messageKey('validation.tooShort', { minimum: issue.minimum });
        }
        return messageKey('validation.tooSmall', { minimum: issue.minimum });
      case 'too_big':
        return issue.origin === 'string'
          ? messageKey('validation.tooLong', { maximum: issue.maximum })
          : messageKey('validation.tooBig', { maximum: issue.maximum });
      case 'invalid_format':
        if (issue.format === 'email') return 'validation.invalidEmail';
        if (issue.format === 'uuid') return 'validation.invalidUuid';
        return 'validation.invalidFormat';
      case 'invalid_value':
        return 'validation.invalidEnum';
      default:
        return undefined;
    }
  },
});

export { z };
