import type { FormDefinition, FormTemplate } from '@app/shared/schemas/forms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall, renderAtUrl } from '#test/render';
import { FormBuilder } from './form-builder';

const ID = '5c1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

const template = (definition: FormDefinition, version = 1): FormTemplate => ({
  id: ID,
  version,
  definition,
  createdAt: '2027-03-01T09:00:00.000Z',
  updatedAt: '2027-03-01T09:00:00.000Z',
});

const saved = (call: RecordedCall): [number, unknown] => [
  call.method === 'POST' ? 201 : 200,
  template(call.body as FormDefinition, call.method === 'POST' ? 1 : 2),
];

afterEach(() => vi.unstubAllGlobals());

/** Types by pasting: one change per field keeps the many-field form quick on a loaded machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('FormBuilder', () => {
  it('builds a questionnaire of several kinds, reorders it with the keyboard, previews it as the client sees it and saves it', async () => {
    const { calls } = mockApi({ 'POST /api/forms/templates': saved });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderAtUrl(<FormBuilder template={null} onSaved={onSaved} />, '/forms/templates/new/');

    await fill(user, await screen.findByLabelText('Title'), 'Vor dem Erstgespräch – Adaeze O’Neil-Okafor');
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    await fill(user, within(first).getByLabelText('Question'), 'What should I call you?');
    await user.click(within(first).getByLabelText('The client must answer'));

    await user.click(screen.getByRole('button', { name: 'Add a question: Section 1' }));
    const second = screen.getAllByRole('listitem')[1] as HTMLElement;
    await fill(user, within(second).getByLabelText('Question'), '李小龍: which days suit you?');
    await user.selectOptions(within(second).getByLabelText('Kind of answer'), 'multipleChoice');
    await fill(user, within(second).getByLabelText('Choice 1'), 'Montag');
    await fill(user, within(second).getByLabelText('Choice 2'), 'Größere Pause');

    await user.click(screen.getByRole('button', { name: 'Add a question: Section 1' }));
    const third = screen.getAllByRole('listitem')[2] as HTMLElement;
    await fill(user, within(third).getByLabelText('Question'), 'How are you sleeping?');
    await user.selectOptions(within(third).getByLabelText('Kind of answer'), 'scale');
    await user.selectOptions(within(third).getByLabelText('Scale from 0 to'), '5');

    // Only the keyboard: focus the third question's "Move up" and press Enter; the focus stays on it.
    const moveUp = screen.getByRole('button', { name: 'Move up: Question 3' });
    moveUp.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement?.id).toBe(moveUp.id);
    expect(screen.getByText('How are you sleeping? is now number 2.')).toBeInTheDocument();
    expect(within(screen.getAllByRole('listitem')[1] as HTMLElement).getByLabelText('Question')).toHaveValue(
      'How are you sleeping?',
    );

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByTestId('form-preview');
    expect(within(preview).getByRole('group', { name: /Vor dem Erstgespräch/ })).toBeVisible();
    expect(within(preview).getByLabelText(/What should I call you\? \(required\)/)).toBeVisible();
    expect(within(preview).getByRole('group', { name: /How are you sleeping\? \(optional\)/ })).toBeVisible();
    expect(within(preview).getAllByRole('radio')).toHaveLength(6);
    expect(within(preview).getByRole('checkbox', { name: 'Größere Pause' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = calls.find((call) => call.method === 'POST')?.body as FormDefinition;
    expect(body.title).toBe('Vor dem Erstgespräch – Adaeze O’Neil-Okafor');
    expect(body.sections[0]?.questions.map((question) => [question.kind, question.required])).toEqual([
      ['shortText', true],
      ['scale', false],
      ['multipleChoice', false],
    ]);
    expect(body.sections[0]?.questions[1]).toMatchObject({ scaleMax: 5 });
    expect(body.sections[0]?.questions[1]).not.toHaveProperty('options');
    expect(body.sections[0]?.questions[2]?.options?.map((option) => option.label)).toEqual(['Montag', 'Größere Pause']);
  }, 45_000);

  it("checks with the API's schema before sending: the words stand beside each field and the first takes the focus", async () => {
    const { calls } = mockApi({ 'POST /api/forms/templates': saved });
    const user = userEvent.setup();
    renderAtUrl(<FormBuilder template={null} onSaved={() => {}} />, '/forms/templates/new/');
    await user.selectOptions(await screen.findByLabelText('Kind of answer'), 'singleChoice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Some fields need a look/)).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Choice 1')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('saves an edited form as its next version and moves sections too', async () => {
    const { calls } = mockApi({ [`PUT /api/forms/templates/${ID}`]: saved });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const definition: FormDefinition = {
      title: 'Ελένη’s intake',
      description: '',
      sections: [
        {
          id: 'a',
          title: 'About you',
          questions: [{ id: 'q1', kind: 'date', label: 'Date of birth', required: true }],
        },
        {
          id: 'b',
          title: 'Goals',
          questions: [{ id: 'q2', kind: 'yesNo', label: 'Been in therapy?', required: false }],
        },
      ],
    };
    renderAtUrl(<FormBuilder template={template(definition)} onSaved={onSaved} />, `/forms/templates/${ID}/`);
    expect(await screen.findByRole('button', { name: 'Move up: Section 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move down: Section 1' }));
    expect(screen.getByRole('button', { name: 'Move up: Section 2' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 2 })));
    const body = calls.at(-1)?.body as FormDefinition;
    expect(body.sections.map((section) => section.id)).toEqual(['b', 'a']);
  });
});
