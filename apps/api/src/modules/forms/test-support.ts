import type { FormDefinitionInput } from '@app/shared/schemas/forms';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';

/** An intake form with one question of every kind. */
export const INTAKE_FORM: FormDefinitionInput = {
  title: 'Before our first session',
  description: 'A few questions so our first hour is yours.',
  sections: [
    {
      id: 'about',
      title: 'About you',
      questions: [
        { id: 'name', kind: 'shortText', label: 'What should I call you?', required: true },
        { id: 'reason', kind: 'longText', label: 'What brings you to therapy?', required: true },
        {
          id: 'before',
          kind: 'singleChoice',
          label: 'Have you had therapy before?',
          required: true,
          options: [
            { id: 'never', label: 'Never' },
            { id: 'once', label: 'Once' },
            { id: 'often', label: 'Several times' },
          ],
        },
        {
          id: 'times',
          kind: 'multipleChoice',
          label: 'Which times suit you?',
          required: false,
          options: [
            { id: 'morning', label: 'Mornings' },
            { id: 'evening', label: 'Evenings' },
          ],
        },
      ],
    },
    {
      id: 'now',
      title: 'Right now',
      questions: [
        { id: 'sleep', kind: 'scale', label: 'How well do you sleep?', required: true, scaleMax: 10 },
        { id: 'meds', kind: 'yesNo', label: 'Do you take any medication?', required: true },
        { id: 'born', kind: 'date', label: 'Date of birth', required: false },
      ],
    },
  ],
};

export async function postTemplate(t: TestApp, provider: TestUser, form: FormDefinitionInput = INTAKE_FORM) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/forms/templates',
    headers: provider.headers,
    payload: form,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; version: number };
}

export async function assign(t: TestApp, provider: TestUser, payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/forms/assignments',
    headers: provider.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

export async function myForms(t: TestApp, client: TestUser) {
  const response = await t.app.inject({ url: '/api/forms/mine', headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; instrument: string | null; status: string; title: string }[];
}

/** Every PHQ-9 item answered `value`, item 9 as given. */
export const phq9Answers = (value: number, item9 = 0) =>
  Object.fromEntries(
    Array.from({ length: 9 }, (_, index) => [`item${index + 1}`, String(index === 8 ? item9 : value)]),
  );
