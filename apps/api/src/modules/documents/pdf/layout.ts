import PDFDocument from 'pdfkit';
import {
  BASE_FONTS,
  drawnText,
  type Face,
  faceMetrics,
  faceSource,
  hasRightToLeft,
  type Run,
  scriptRuns,
  visualOrder,
  type Weight,
} from './scripts.ts';

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
  private readonly registered = new Set<Face>(['regular', 'bold']);

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
    this.doc.registerFont('regular', BASE_FONTS.regular);
    this.doc.registerFont('bold', BASE_FONTS.bold);
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
   * Writes `text` in `weight` at (x, y) like `doc.text`, switching to a fallback face for the
   * characters only it draws (a run after another continues the same line and wrapping). A text
   * with right-to-left letters is laid out here instead, line by line (see `writeBidi`).
   */
  private write(
    weight: Weight,
    text: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { alignByDirection?: boolean },
  ): void {
    const { doc } = this;
    const { alignByDirection, ...textOptions } = options;
    const { base, runs } = scriptRuns(text, weight);
    if (hasRightToLeft(runs)) {
      const align = alignByDirection && base === 1 ? 'right' : (textOptions.align ?? 'left');
      this.writeBidi(runs, x, y, textOptions.width ?? this.width, align);
    } else if (runs.length === 1) {
      this.useFace(runs[0]?.face ?? weight);
      doc.text(text, x, y, textOptions);
    } else {
      // Faces differ in ascent: every run sits on DejaVu's baseline, not on its own font's top.
      const baseline = -faceMetrics(weight, this.fontSize).ascent;
      runs.forEach((run, index) => {
        this.useFace(run.face);
        const continued = index < runs.length - 1;
        if (index === 0) doc.text(run.text, x, y, { ...textOptions, baseline, continued });
        else doc.text(run.text, { baseline, continued });
      });
    }
    doc.font(weight);
  }

  private get fontSize(): number {
    // pdfkit keeps the size it writes in but has no getter for it.
    return (this.doc as unknown as { _fontSize: number })._fontSize;
  }

  /**
   * A text with right-to-left letters: pdfkit lays a text out word by word in reading order, so a
   * Hebrew or Arabic name of two words would print its words left to right. Here it is broken
   * into lines in reading order (at spaces), then each line's pieces are put in visual order
   * (`visualOrder`) and drawn one by one on a common baseline; fontkit draws the letters of a
   * right-to-left piece right to left and shapes Arabic. A word wider than the line overflows it.
   */
  private writeBidi(runs: Run[], x: number, y: number, width: number, align: string): void {
    const { doc } = this;
    const size = this.fontSize;
    type Piece = Run & { width: number; space: boolean; newline: boolean };
    const pieces: Piece[] = [];
    for (const run of runs) {
      this.useFace(run.face);
      for (const text of run.text.split(/(\r\n|\n|[^\S\r\n]+)/u)) {
        if (text === '') continue;
        const newline = /^[\r\n]/.test(text);
        const space = !newline && /^\s+$/u.test(text);
        pieces.push({ ...run, text, width: newline ? 0 : doc.widthOfString(text), space, newline });
      }
    }
    const lines: Piece[][] = [[]];
    let lineWidth = 0;
    for (const piece of pieces) {
      const line = lines.at(-1) as Piece[];
      if (piece.newline) {
        lines.push([]);
        lineWidth = 0;
        continue;
      }
      const hasWords = line.some((candidate) => !candidate.space);
      if (!piece.space && hasWords && lineWidth + piece.width > width) {
        while (line.at(-1)?.space) line.pop();
        lines.push([piece]);
        lineWidth = piece.width;
      } else if (piece.space && !hasWords) {
        // A line starts with a letter, not with the space it broke at.
      } else {
        line.push(piece);
        lineWidth += piece.width;
      }
    }
    let top = y;
    for (const line of lines) {
      while (line.at(-1)?.space) line.pop();
      // The line is as tall as its tallest face (an empty line as DejaVu's).
      const faces = new Set<Face>(line.length > 0 ? line.map((piece) => piece.face) : ['regular']);
      const metrics = [...faces].map((face) => faceMetrics(face, size));
      const ascent = Math.max(...metrics.map((metric) => metric.ascent));
      const lineHeight = Math.max(...metrics.map((metric) => metric.lineHeight));
      if (top + lineHeight > doc.page.maxY()) {
        doc.addPage();
        top = doc.y;
      }
      const used = line.reduce((sum, piece) => sum + piece.width, 0);
      let left = align === 'right' ? x + width - used : align === 'center' ? x + (width - used) / 2 : x;
      for (const piece of visualOrder(line)) {
        this.useFace(piece.face);
        doc.text(drawnText(piece), left, top + ascent, { lineBreak: false, baseline: 'alphabetic' });
        left += piece.width;
      }
      top += lineHeight;
    }
    doc.x = x;
    doc.y = top;
  }

  private useFace(face: Face): void {
    if (!this.registered.has(face)) {
      this.doc.registerFont(face, faceSource(face));
      this.registered.add(face);
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
    this.write('regular', text, PAGE_MARGIN, this.doc.y, { width: this.width, alignByDirection: true });
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
