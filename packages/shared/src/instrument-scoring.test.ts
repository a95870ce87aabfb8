import { describe, expect, it } from 'vitest';
import { answerErrors, instrumentDefinition } from './form-rules.ts';
import { scoreInstrument } from './instrument-scoring.ts';
import { INSTRUMENTS, itemId, maxScore } from './instruments.ts';

/** Answers reaching `total` with items filled greedily (3s first), item 9 as given. */
function answersFor(items: number, total: number, overrides: Record<number, number> = {}) {
  const answers: Record<string, string> = {};
  let left = total - Object.values(overrides).reduce((sum, value) => sum + value, 0);
  for (let index = 1; index <= items; index += 1) {
    if (overrides[index] !== undefined) {
      answers[itemId(index)] = String(overrides[index]);
      continue;
    }
    const value = Math.max(0, Math.min(3, left));
    left -= value;
    answers[itemId(index)] = String(value);
  }
  return answers;
}

describe('PHQ-9 scoring (Kroenke, Spitzer, Williams 2001: 5, 10, 15, 20)', () => {
  const phq9 = INSTRUMENTS.phq9;
  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'moderatelySevere'],
    [19, 'moderatelySevere'],
    [20, 'severe'],
    [27, 'severe'],
  ] as const)('a total of %i is %s', (total, band) => {
    const result = scoreInstrument(phq9, answersFor(9, total, { 9: 0 }));
    expect(total <= 24 ? result : scoreInstrument(phq9, answersFor(9, total))).toMatchObject({ score: total, band });
  });

  it('flags item 9 above "not at all" as urgent, whatever the total', () => {
    expect(scoreInstrument(phq9, answersFor(9, 1, { 9: 1 }))).toEqual({ score: 1, band: 'minimal', urgent: true });
    expect(scoreInstrument(phq9, answersFor(9, 24, { 9: 0 }))?.urgent).toBe(false);
    expect(scoreInstrument(phq9, answersFor(9, 27))?.urgent).toBe(true);
  });

  it('does not score an incomplete or out-of-range set', () => {
    const answers = answersFor(9, 10);
    delete answers[itemId(3)];
    expect(scoreInstrument(phq9, answers)).toBeNull();
    expect(scoreInstrument(phq9, { ...answersFor(9, 10), [itemId(1)]: '4' })).toBeNull();
    expect(scoreInstrument(phq9, { ...answersFor(9, 10), [itemId(1)]: 'x' })).toBeNull();
  });
});

describe('GAD-7 scoring (Spitzer et al. 2006: 5, 10, 15)', () => {
  const gad7 = INSTRUMENTS.gad7;
  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'severe'],
    [21, 'severe'],
  ] as const)('a total of %i is %s', (total, band) => {
    expect(scoreInstrument(gad7, answersFor(7, total))).toEqual({ score: total, band, urgent: false });
  });
});

describe('screeners (cut-off 3)', () => {
  it.each([
    ['phq2', 2, 'belowCutoff'],
    ['phq2', 3, 'atOrAboveCutoff'],
    ['gad2', 2, 'belowCutoff'],
    ['gad2', 6, 'atOrAboveCutoff'],
  ] as const)('%s at %i is %s', (key, total, band) => {
    expect(scoreInstrument(INSTRUMENTS[key], answersFor(2, total))?.band).toBe(band);
  });
});

describe('instrument data', () => {
  it('has bands that cover 0..max without gaps, and the same items in both languages', () => {
    for (const instrument of Object.values(INSTRUMENTS)) {
      expect(instrument.items.de).toHaveLength(instrument.items.en.length);
      let next = 0;
      for (const band of instrument.bands) {
        expect(band.min).toBe(next);
        next = band.max + 1;
      }
      expect(next - 1).toBe(maxScore(instrument));
    }
  });

  it('checks answers to an instrument like any form', () => {
    const definition = instrumentDefinition(INSTRUMENTS.gad7, 'de');
    expect(definition.sections[0]?.questions[0]?.label).toBe('Nervosität, Ängstlichkeit oder Anspannung');
    expect(answerErrors(definition, answersFor(7, 5), true)).toEqual({});
    expect(answerErrors(definition, { item1: '2' }, true)).toMatchObject({ item2: 'forms.answer.required' });
    expect(answerErrors(definition, { item1: '7' }, false)).toEqual({ item1: 'forms.answer.invalid' });
  });
});
