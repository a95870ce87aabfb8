/** The little of fontkit (pdfkit's font engine) the PDF layout uses: which characters a font draws. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
}
