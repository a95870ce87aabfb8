import { describe, expect, it, vi } from 'vitest';
import { pdfText } from '../test-support.ts';
import { bidiLevels, drawnText, scriptRuns, visualOrder } from './scripts.ts';

const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), ({ segment }) => segment);

/** The words of `text` from left to right as they are drawn (each right-to-left word still in typing order). */
function drawnWords(text: string): string[] {
  const { runs } = scriptRuns(text, 'regular');
  const pieces = runs.flatMap((run) =>
    run.text
      .split(/(\s+)/u)
      .filter(Boolean)
      .map((piece) => ({ text: piece, level: run.level })),
  );
  return visualOrder(pieces)
    .map((piece) => piece.text)
    .filter((piece) => piece.trim() !== '');
}

describe('the PDF fonts', () => {
  it('opens no fallback font for text DejaVu draws, and only the font a name needs', async () => {
    // A fresh copy of the layout: the files this process read before do not count.
    vi.resetModules();
    const { PdfPage } = await import('./layout.ts');
    const { fallbackFilesRead } = await import('./scripts.ts');
    const latin = new PdfPage({ title: 'Receipt', language: 'de', author: 'Jürgen Groß', createdAt: new Date(0) });
    latin.header({ brand: "Ọ̀kọ́ O'Neil-Adébáyọ̀", title: 'Quittung', facts: [['Nr.', 'R-2027-0001']] });
    latin.parties([{ label: 'Klient', lines: ['Ελένη Παπαδοπούλου', 'Жанна Иванова'] }]);
    latin.totals([['Summe', '₦ 5.000,00 · € 12,50 · £ 3']]);
    const latinText = await pdfText(await latin.finish('TherapyHub'));
    expect(latinText).toContain('Ελένη Παπαδοπούλου');
    expect(fallbackFilesRead()).toEqual([]);

    const korean = new PdfPage({ title: 'Receipt', language: 'en', author: 'Ada', createdAt: new Date(0) });
    korean.parties([{ label: 'Client', lines: ['김민준'] }]);
    expect(await pdfText(await korean.finish('TherapyHub'))).toContain('김민준');
    // The bold cut for the name, the regular one for the coverage check; no other script's font.
    expect([...fallbackFilesRead()].sort()).toEqual(['NotoSansKR-Bold.otf', 'NotoSansKR-Regular.otf']);
  });

  it('gives each script its face and keeps an Arabic name in one run', () => {
    expect(scriptRuns('Signed by: محمد بن سلمان', 'bold').runs).toEqual([
      { face: 'bold', text: 'Signed by: ', level: 0 },
      { face: 'arabic-bold', text: 'محمد بن سلمان', level: 1 },
    ]);
    // The comma and space after a name stay in its face: each of these fonts has them.
    expect(scriptRuns('आरव शर्मा, สมชาย, 김민준, 李小龍', 'regular').runs.map((run) => [run.face, run.text])).toEqual([
      ['devanagari-regular', 'आरव शर्मा, '],
      ['thai-regular', 'สมชาย, '],
      ['korean-regular', '김민준, '],
      ['cjk-regular', '李小龍'],
    ]);
  });
});

describe('right-to-left text', () => {
  it('draws the words of a right-to-left name right to left, inside a line read left to right', () => {
    expect(drawnWords('Client: שרה כהן')).toEqual(['Client:', 'כהן', 'שרה']);
    expect(drawnWords('Signed by: محمد بن سلمان')).toEqual(['Signed', 'by:', 'سلمان', 'بن', 'محمد']);
    // The comma belongs to the English line, after the name.
    expect(drawnWords('Client: שרה כהן, room 12')).toEqual(['Client:', 'כהן', 'שרה', ',', 'room', '12']);
  });

  it('reads a paragraph that starts in Hebrew or Arabic right to left, numbers and Latin words left to right', () => {
    expect(bidiLevels(graphemes('שרה 12')).base).toBe(1);
    expect(drawnWords('رقم 123 ثم Zoom ثم ٤٥٦.')).toEqual(['.', '٤٥٦', 'ثم', 'Zoom', 'ثم', '123', 'رقم']);
    // fontkit would turn Arabic-Indic digits right to left; they are handed over reversed to read ٤٥٦.
    expect(drawnText({ face: 'arabic-regular', text: '٤٥٦', level: 2 })).toBe('٦٥٤');
    expect(drawnText({ face: 'arabic-regular', text: 'محمد', level: 1 })).toBe('محمد');
    expect(bidiLevels(graphemes('Room 12 שרה')).levels).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
  });
});
