import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';

/** The text of every page of a PDF, spaces (Intl's narrow and no-break ones too) made plain and single. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\u00a0\u202f\s]+/g, ' ');
}

/** GET a file as someone, in a language: the status, the headers and the raw bytes. */
export async function download(t: TestApp, user: TestUser, url: string, language: 'en' | 'de' = 'en') {
  const response = await t.app.inject({ url, headers: { ...user.headers, 'x-language': language } });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
    json: () => response.json(),
  };
}

export async function documentsOf(t: TestApp, user: TestUser, query: string) {
  const response = await t.app.inject({ url: `/api/documents?${query}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ identifier: string; kind: string; number: string; amountMinor: number }>;
}
