import en from '@app/shared/i18n/en.json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect } from './searchable-select';

const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });

const options = [
  { value: 'NG', label: 'Nigeria' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'KE', label: 'Kenya' },
];

function setup(value: string | null = null) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <SearchableSelect label="Country" options={options} value={value} onChange={onChange} />
    </I18nextProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Country' }) };
}

describe('SearchableSelect', () => {
  it('filters options as the user types and chooses one by click', async () => {
    const { onChange, input } = setup();
    await userEvent.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await userEvent.type(input, 'ken');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kenya']);
    await userEvent.click(screen.getByRole('option', { name: 'Kenya' }));
    expect(onChange).toHaveBeenCalledWith('KE');
  });

  it('says "No matching options found" when nothing matches', async () => {
    const { input } = setup();
    await userEvent.type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matching options found')).toBeInTheDocument();
  });

  it('works from the keyboard: arrows and Enter', async () => {
    const { onChange, input } = setup();
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('GB');
  });

  it('shows the selected option when closed', () => {
    const { input } = setup('GB');
    expect(input).toHaveValue('United Kingdom');
  });
});
