/// <reference path="../../../types/fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans (embedded, subset by pdfkit): it has ₦, €, £, German umlauts, Yoruba's dotted and
 * accented letters, and Latin, Greek, Cyrillic and Hebrew letters for names; pdfkit's built-in
 * fonts have none of ₦ or non-Latin.
 */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/**
 * Noto Sans CJK (Simplified Chinese cut, OFL-1.1), for the Chinese and Japanese characters of a
 * name or a consent that DejaVu lacks (a name like 李小龍 would print blank). Server-side only;
 * read once, and embedded (subset) only into a PDF that needs it.
 */
// Resolved when first needed: a PDF of Latin text never looks for the package.
const cjkFont = (weight: 'regular' | 'bold') =>
  path.join(
    path.dirname(require.resolve('@embedpdf/fonts-sc')),
    '..',
    'fonts',
    weight === 'bold' ? 'NotoSansHans-Bold.otf' : 'NotoSansHans-Regular.otf',
  );

type Weight = 'regular' | 'bold';
type Face = Weight | 'cjkRegular' | 'cjkBold';

let coverage: { base: fontkit.Font; cjk: fontkit.Font } | null = null;
const cjkBytes: Partial<Record<Weight, Buffer>> = {};

function fontsFor() {
  coverage ??= { base: fontkit.openSync(FONTS.regular), cjk: fontkit.openSync(cjkFont('regular')) };
  return coverage;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` cut into runs of one face each: a character (with its combining marks) DejaVu draws
 * stays in `weight`; one only the CJK font draws goes to its CJK face.
 */
export function fontRuns(text: string, weight: Weight): Array<{ face: Face; text: string }> {
  // Most text is Latin: one test, no segmenting.
  if (/^[\u0020-\u024f\s]*$/.test(text)) return [{ face: weight, text }];
  const { base, cjk } = fontsFor();
  const cjkFace: Face = weight === 'bold' ? 'cjkBold' : 'cjkRegular';
  const runs: Array<{ face: Face; text: string }> = [];
  for (const { segment } of graphemes.segment(text)) {
    const codePoint = segment.codePointAt(0) ?? 0;
    const face = !base.hasGlyphForCodePoint(codePoint) && cjk.hasGlyphForCodePoint(codePoint) ? cjkFace : weight;
    const last = runs.at(-1);
    if (last && last.face === face) last.text += segment;
    else runs.push({ face, text: segment });
  }
  return runs;
}

const PAGE_MARGIN = 50;
const MUTED = '#555555';
const RULE = '#cccccc';

export interface Column {
  header: string;
  /** Share of the page's width. */
  width: number;
  align?: 'left' | 'right';
}

/** One PDF being written, with the few blocks our documents are made of. */
export class PdfPage {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<Buffer>;
  private readonly cjkRegistered = new Set<Face>();

  constructor(meta: { title: string; language: string; author: string; createdAt: Date }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE_MARGIN,
      lang: meta.language,
      // The document's own date, not the download's: the same document reads the same every time.
      info: { Title: meta.title, Author: meta.author, Creator: meta.author, CreationDate: meta.createdAt },
      // Pages stay open until the end, for the footer on every page.
      bufferPages: true,
    });
    this.doc.registerFont('regular', FONTS.regular);
    this.doc.registerFont('bold', FONTS.bold);
    this.doc.font('regular').fontSize(10).fillColor('black');
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.finished = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.doc.page.width - PAGE_MARGIN * 2;
  }

  /**
   * Writes `text` in `weight` at (x, y) like `doc.text`, switching to the CJK face for the
   * characters only it draws (a run after another continues the same line and wrapping).
   */
  private write(weight: Weight, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions): void {
    const { doc } = this;
    const runs = fontRuns(text, weight);
    runs.forEach((run, index) => {
      this.useFace(run.face);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { ...options, continued });
      else doc.text(run.text, { continued });
    });
    doc.font(weight);
  }

  private useFace(face: Face): void {
    if (face === 'regular' || face === 'bold') {
      this.doc.font(face);
      return;
    }
    const weight: Weight = face === 'cjkBold' ? 'bold' : 'regular';
    if (!this.cjkRegistered.has(face)) {
      cjkBytes[weight] ??= readFileSync(cjkFont(weight));
      this.doc.registerFont(face, cjkBytes[weight]);
      this.cjkRegistered.add(face);
    }
    this.doc.font(face);
  }

  /** The big title on the right and the issuer's name on the left, then the key facts under the title. */
  header(input: { brand: string; title: string; facts: Array<[string, string]> }): void {
    const { doc } = this;
    const top = doc.y;
    doc.fontSize(14);
    this.write('bold', input.brand, PAGE_MARGIN, top, { width: this.width / 2 });
    doc
      .font('bold')
      .fontSize(20)
      .text(input.title, PAGE_MARGIN + this.width / 2, top, { width: this.width / 2, align: 'right' });
    doc.moveDown(0.3);
    for (const [label, value] of input.facts) {
      doc.fontSize(10).fillColor(MUTED);
      this.write('regular', `${label}: ${value}`, PAGE_MARGIN + this.width / 2, doc.y, {
        width: this.width / 2,
        align: 'right',
      });
    }
    doc.font('regular').fillColor('black');
    doc.x = PAGE_MARGIN;
    doc.moveDown(1.5);
  }

  /** Up to three blocks side by side: a label, then lines (the first in bold). */
  parties(blocks: Array<{ label: string; lines: string[] }>): void {
    const { doc } = this;
    const top = doc.y;
    const width = this.width / blocks.length;
    let bottom = top;
    blocks.forEach((block, index) => {
      const x = PAGE_MARGIN + index * width;
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(MUTED)
        .text(block.label.toUpperCase(), x, top, { width: width - 12 });
      doc.fillColor('black').fontSize(10);
      block.lines.forEach((line, lineIndex) => {
        this.write(lineIndex === 0 ? 'bold' : 'regular', line, x, doc.y, { width: width - 12 });
      });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = PAGE_MARGIN;
    doc.y = bottom;
    doc.moveDown(1.5);
  }

  heading(text: string): void {
    this.doc.font('bold').fontSize(12).fillColor('black').text(text, PAGE_MARGIN, this.doc.y);
    this.doc.font('regular').fontSize(10);
    this.doc.moveDown(0.5);
  }

  paragraph(text: string, options: { muted?: boolean; size?: number } = {}): void {
    this.doc.fontSize(options.size ?? 10).fillColor(options.muted ? MUTED : 'black');
    this.write('regular', text, PAGE_MARGIN, this.doc.y, { width: this.width });
    this.doc.fillColor('black');
    this.doc.moveDown(0.5);
  }

  /** A table with a header row and a rule under it; a new page repeats the header. */
  table(columns: Column[], rows: string[][]): void {
    const { doc } = this;
    const widths = columns.map((column) => column.width * this.width);
    const drawRow = (cells: string[], bold: boolean) => {
      const top = doc.y;
      let bottom = top;
      let x = PAGE_MARGIN;
      cells.forEach((cell, index) => {
        doc.fontSize(9);
        this.write(bold ? 'bold' : 'regular', cell, x + 2, top, {
          width: (widths[index] ?? 0) - 4,
          align: columns[index]?.align ?? 'left',
        });
        bottom = Math.max(bottom, doc.y);
        x += widths[index] ?? 0;
      });
      doc.y = bottom + 4;
      doc
        .moveTo(PAGE_MARGIN, doc.y - 2)
        .lineTo(PAGE_MARGIN + this.width, doc.y - 2)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      doc.y += 2;
    };
    drawRow(
      columns.map((column) => column.header),
      true,
    );
    for (const row of rows) {
      if (doc.y > doc.page.height - PAGE_MARGIN - 60) {
        doc.addPage();
        drawRow(
          columns.map((column) => column.header),
          true,
        );
      }
      drawRow(row, false);
    }
    doc.x = PAGE_MARGIN;
    doc.moveDown(0.5);
  }

  /** Label and amount pairs aligned right; the last one in bold (the total). */
  totals(lines: Array<[string, string]>, options: { boldLast?: boolean } = { boldLast: true }): void {
    const { doc } = this;
    const x = PAGE_MARGIN + this.width * 0.45;
    const width = this.width * 0.55;
    lines.forEach(([label, value], index) => {
      const bold = options.boldLast !== false && index === lines.length - 1;
      const top = doc.y;
      doc.fontSize(bold ? 11 : 10);
      this.write(bold ? 'bold' : 'regular', label, x, top, { width: width * 0.6 });
      const afterLabel = doc.y;
      doc.text(value, x + width * 0.6, top, { width: width * 0.4, align: 'right' });
      doc.y = Math.max(afterLabel, doc.y) + 2;
    });
    doc.font('regular').fontSize(10);
    doc.x = PAGE_MARGIN;
    doc.moveDown(1);
  }

  /** The platform's legal details at the foot of every page. */
  async finish(footer: string): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(footer, PAGE_MARGIN, doc.page.height - 40, { width: this.width, align: 'center', lineBreak: true });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.finished;
  }
}
