import { instrumentDefinition } from '@app/shared/form-rules';
import { INSTRUMENTS } from '@app/shared/instruments';
import type { FormRequest } from '@app/shared/schemas/forms';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { FormFill } from './form-fill';

const ID = '7b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

const request = (overrides: Partial<FormRequest> = {}): FormRequest => ({
  id: ID,
  title: 'Before our first session',
  instrument: null,
  status: 'sent',
  providerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  providerName: "Chiamaka O'Neil-Adébáyọ̀",
  clientId: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  clientName: 'Jürgen Müller-Lüdenscheidt',
  urgent: false,
  sentAt: '2027-03-01T09:00:00.000Z',
  submittedAt: null,
  draftSavedAt: null,
  result: null,
  answers: {},
  definition: {
    title: 'Before our first session',
    description: '',
    sections: [
      {
        id: 'about',
        title: 'About you',
        questions: [
          { id: 'name', kind: 'shortText', label: 'What should I call you?', required: true },
          { id: 'meds', kind: 'yesNo', label: 'Do you take any medication?', required: false },
        ],
      },
    ],
  },
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('FormFill', () => {
  it('groups each choice question in a fieldset named by the question, moves with the keyboard and saves a draft', async () => {
    const { calls } = mockApi({
      [`PUT /api/forms/requests/${ID}/draft`]: [200, { draftSavedAt: '2027-03-01T09:05:00.000Z' }],
    });
    const user = userEvent.setup();
    renderAtUrl(<FormFill request={request()} onSubmitted={() => {}} />, '/forms/x/');
    expect(await screen.findByRole('group', { name: 'About you' })).toBeVisible();
    expect(screen.getByRole('group', { name: /Do you take any medication\?/ })).toBeVisible();
    await user.click(screen.getByLabelText(/What should I call you\?/));
    await user.keyboard('Ada');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await waitFor(() => expect(screen.getByText(/Draft saved at/)).toBeVisible(), { timeout: 4000 });
    expect(calls.at(-1)?.body).toEqual({ answers: { name: 'Ada', meds: true } });
  });

  it("shows the server's words beside the question and focuses it; submits an instrument once", async () => {
    const onSubmitted = vi.fn();
    let tries = 0;
    mockApi({
      [`POST /api/forms/requests/${ID}/submit`]: () =>
        tries++ === 0
          ? [
              400,
              {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid',
                fieldErrors: { 'answers.item2': ['Please answer this question.'] },
              },
            ]
          : [200, { request: request({ status: 'submitted' }), showCrisisLines: true, countryCode: 'NG' }],
    });
    const user = userEvent.setup();
    const phq9 = request({ instrument: 'phq9', definition: instrumentDefinition(INSTRUMENTS.phq9, 'en') });
    renderAtUrl(<FormFill request={phq9} onSubmitted={onSubmitted} />, '/forms/x/');
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Please answer this question.')).toBeVisible();
    expect(screen.getByText(/Some answers need a look/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ showCrisisLines: true })));
  });
});
