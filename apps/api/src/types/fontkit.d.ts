/** The little of fontkit (pdfkit's font engine) the PDF layout uses: which characters a font draws, and its line metrics. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
  }
  export function openSync(path: string): Font;
  export function create(bytes: Buffer): Font;
}
