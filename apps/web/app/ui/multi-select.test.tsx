import en from '@app/shared/i18n/en.json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelect } from './multi-select';

const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });

const options = [
  { value: 'video', label: 'Video Session' },
  { value: 'audio', label: 'Audio Call' },
  { value: 'chat', label: 'Chat / Messaging' },
  { value: 'person', label: 'In Person' },
];

function Harness({ initial, onChange }: { initial: string[]; onChange(value: string[]): void }) {
  const [value, setValue] = useState(initial);
  return (
    <MultiSelect
      label="Modality"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      error={value.length === 0 ? 'Select at least one modality' : undefined}
    />
  );
}

function setup(initial: string[] = []) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <Harness initial={initial} onChange={onChange} />
    </I18nextProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Modality' }) };
}

describe('MultiSelect', () => {
  it('filters while typing and adds several options by click, staying open', async () => {
    const { onChange, input } = setup();
    await userEvent.click(input);
    expect(screen.getByRole('listbox', { name: 'Modality' })).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await userEvent.type(input, 'call');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Audio Call']);
    await userEvent.click(screen.getByRole('option', { name: 'Audio Call' }));
    expect(onChange).toHaveBeenLastCalledWith(['audio']);
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('option', { name: 'Video Session' }));
    expect(onChange).toHaveBeenLastCalledWith(['audio', 'video']);
    expect(screen.getByRole('option', { name: 'Video Session' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Remove Audio Call' })).toBeInTheDocument();
  });

  it('says "No matching options found" when nothing matches', async () => {
    const { input } = setup();
    await userEvent.type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matching options found')).toBeInTheDocument();
  });

  it('works from the keyboard: arrows and Enter toggle, Backspace removes the last, Escape closes', async () => {
    const { onChange, input } = setup(['chat']);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['chat', 'audio']);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['chat']);
    await userEvent.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('removes a chosen option with its chip button and announces errors', async () => {
    const { onChange } = setup(['video', 'person']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Video Session' }));
    expect(onChange).toHaveBeenLastCalledWith(['person']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove In Person' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least one modality');
    expect(screen.getByRole('combobox', { name: 'Modality' })).toHaveAttribute('aria-invalid', 'true');
  });
});
