import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans (embedded, subset by pdfkit): it has ₦, €, £, German umlauts, and Latin, Greek,
 * Cyrillic and Hebrew letters for names; pdfkit's built-in fonts have none of ₦ or non-Latin.
 */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

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

  /** The big title on the right and the issuer's name on the left, then the key facts under the title. */
  header(input: { brand: string; title: string; facts: Array<[string, string]> }): void {
    const { doc } = this;
    const top = doc.y;
    doc
      .font('bold')
      .fontSize(14)
      .text(input.brand, PAGE_MARGIN, top, { width: this.width / 2 });
    doc
      .font('bold')
      .fontSize(20)
      .text(input.title, PAGE_MARGIN + this.width / 2, top, { width: this.width / 2, align: 'right' });
    doc.moveDown(0.3);
    for (const [label, value] of input.facts) {
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(MUTED)
        .text(`${label}: ${value}`, PAGE_MARGIN + this.width / 2, doc.y, { width: this.width / 2, align: 'right' });
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
        doc.font(lineIndex === 0 ? 'bold' : 'regular').text(line, x, doc.y, { width: width - 12 });
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
    this.doc
      .font('regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.muted ? MUTED : 'black')
      .text(text, PAGE_MARGIN, this.doc.y, { width: this.width });
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
        doc
          .font(bold ? 'bold' : 'regular')
          .fontSize(9)
          .text(cell, x + 2, top, { width: (widths[index] ?? 0) - 4, align: columns[index]?.align ?? 'left' });
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
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(bold ? 11 : 10)
        .text(label, x, top, { width: width * 0.6 });
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
