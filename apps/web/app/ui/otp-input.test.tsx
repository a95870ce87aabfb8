import en from '@app/shared/i18n/en.json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });

function Harness({ onChange, onComplete }: { onChange(value: string): void; onComplete?(value: string): void }) {
  const [value, setValue] = useState('');
  return (
    <I18nextProvider i18n={i18n}>
      <OtpInput
        label="One-time code"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        onComplete={onComplete}
      />
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </I18nextProvider>
  );
}

function setup() {
  const onChange = vi.fn();
  const onComplete = vi.fn();
  render(<Harness onChange={onChange} onComplete={onComplete} />);
  const group = screen.getByRole('group', { name: 'One-time code' });
  const boxes = screen.getAllByRole('textbox');
  return { onChange, onComplete, group, boxes };
}

const values = (boxes: HTMLElement[]) => boxes.map((box) => (box as HTMLInputElement).value);

describe('OtpInput', () => {
  it('shows six labelled single-character boxes in a labelled group', () => {
    const { group, boxes } = setup();
    expect(group).toBeInTheDocument();
    expect(boxes).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toBe(boxes[0]);
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toBe(boxes[5]);
  });

  it('moves to the next box while typing and reports the code', async () => {
    const { boxes, onChange, onComplete } = setup();
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('123');
    expect(values(boxes)).toEqual(['1', '2', '3', '', '', '']);
    expect(boxes[3]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('123');
    await userEvent.keyboard('456');
    expect(onChange).toHaveBeenLastCalledWith('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('typing into a filled box replaces its character', async () => {
    const { boxes } = setup();
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('12');
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('9');
    expect(values(boxes)).toEqual(['9', '2', '', '', '', '']);
    expect(boxes[1]).toHaveFocus();
  });

  it('Backspace clears a filled box, and on an empty box goes back and clears the previous one', async () => {
    const { boxes, onChange } = setup();
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('123');
    expect(boxes[3]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(values(boxes)).toEqual(['1', '2', '', '', '', '']);
    expect(boxes[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('1');
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('{Backspace}');
    expect(values(boxes)).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });

  it('arrow keys move between boxes', async () => {
    const { boxes } = setup();
    await userEvent.click(boxes[2] as HTMLElement);
    await userEvent.keyboard('{ArrowLeft}');
    expect(boxes[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes[3]).toHaveFocus();
  });

  it('pasting exactly six characters fills every box', async () => {
    const { boxes, onChange, onComplete } = setup();
    await userEvent.click(boxes[2] as HTMLElement);
    await userEvent.paste(' 654321 ');
    expect(values(boxes)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onChange).toHaveBeenLastCalledWith('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
    expect(boxes[5]).toHaveFocus();
  });

  it('pasting any other length changes nothing', async () => {
    const { boxes, onChange } = setup();
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.paste('12345');
    await userEvent.paste('1234567');
    expect(values(boxes)).toEqual(['', '', '', '', '', '']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('follows a reset of the value from outside', async () => {
    const { boxes } = setup();
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('12');
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(values(boxes)).toEqual(['', '', '', '', '', '']);
  });
});
