/// <reference path="../../../types/fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type Weight = 'regular' | 'bold';

/**
 * DejaVu Sans (embedded, subset by pdfkit): it has ₦, €, £, German umlauts, Yoruba's dotted and
 * accented letters, and Latin, Greek, Cyrillic and Hebrew letters for names; pdfkit's built-in
 * fonts have none of ₦ or non-Latin.
 */
export const BASE_FONTS: Record<Weight, string> = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/** A file inside a font package whose `exports` hide everything but its script entry. */
const besideEntry = (pkg: string, file: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);

/**
 * The faces for what DejaVu lacks, tried in this order (all Noto, SIL Open Font License 1.1, from
 * npm packages of apps/api). Each is read from disk only when a PDF has one of its characters,
 * once per process, and embedded (subset) only into that PDF. `script` says which characters a
 * face is for, so a Hindi name never opens the Chinese font; `beforeBase` takes a script from
 * DejaVu, whose own Arabic is a poorer cut than Noto Naskh.
 */
const FALLBACKS = [
  {
    name: 'cjk',
    script: /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Bopomofo}\u3000-\u303f\uff00-\uffef]/u,
    file: (weight: Weight) =>
      besideEntry('@embedpdf/fonts-sc', weight === 'bold' ? 'NotoSansHans-Bold.otf' : 'NotoSansHans-Regular.otf'),
  },
  {
    name: 'korean',
    script: /\p{scx=Hangul}/u,
    file: (weight: Weight) =>
      besideEntry('@embedpdf/fonts-kr', weight === 'bold' ? 'NotoSansKR-Bold.otf' : 'NotoSansKR-Regular.otf'),
  },
  {
    name: 'arabic',
    script: /\p{scx=Arabic}/u,
    beforeBase: true,
    file: (weight: Weight) =>
      besideEntry(
        '@embedpdf/fonts-arabic',
        weight === 'bold' ? 'NotoNaskhArabic-Bold.ttf' : 'NotoNaskhArabic-Regular.ttf',
      ),
  },
  {
    name: 'devanagari',
    script: /\p{scx=Devanagari}/u,
    file: (weight: Weight) =>
      require.resolve(
        weight === 'bold'
          ? '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'
          : '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
      ),
  },
  {
    name: 'thai',
    script: /\p{scx=Thai}/u,
    file: (weight: Weight) =>
      require.resolve(
        weight === 'bold'
          ? '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf'
          : '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
      ),
  },
] as const satisfies ReadonlyArray<{
  name: string;
  script: RegExp;
  beforeBase?: boolean;
  file: (weight: Weight) => string;
}>;

type Fallback = (typeof FALLBACKS)[number];
/** A face registered in a PDF: DejaVu's two weights, or a fallback's (`arabic-bold`). */
export type Face = Weight | `${Fallback['name']}-${Weight}`;

const fileBytes = new Map<string, Buffer>();
const opened: string[] = [];

/** The fallback font files this process has read, in order (tests: a Latin PDF reads none). */
export function fallbackFilesRead(): readonly string[] {
  return opened;
}

function fallbackBytes(file: string): Buffer {
  let bytes = fileBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    fileBytes.set(file, bytes);
    opened.push(path.basename(file));
  }
  return bytes;
}

/** The bytes (or DejaVu's path) to register `face` in a PDF under its own name. */
export function faceSource(face: Face): string | Buffer {
  if (face === 'regular' || face === 'bold') return BASE_FONTS[face];
  const [name, weight] = face.split('-') as [Fallback['name'], Weight];
  const fallback = FALLBACKS.find((candidate) => candidate.name === name) as Fallback;
  return fallbackBytes(fallback.file(weight));
}

// Coverage is read from the regular cuts; the bold cuts draw the same characters.
let base: fontkit.Font | null = null;
const coverage = new Map<Fallback['name'], fontkit.Font>();

function baseFont(): fontkit.Font {
  base ??= fontkit.openSync(BASE_FONTS.regular);
  return base;
}

function fallbackFont(fallback: Fallback): fontkit.Font {
  let font = coverage.get(fallback.name);
  if (!font) {
    font = fontkit.create(fallbackBytes(fallback.file('regular')));
    coverage.set(fallback.name, font);
  }
  return font;
}

/** The face that draws `grapheme`: a fallback made for its script, else DejaVu (a missing glyph if none has it). */
function faceFor(grapheme: string, weight: Weight): Face {
  const codePoint = grapheme.codePointAt(0) ?? 0;
  const drawsIt = (fallback: Fallback) =>
    fallback.script.test(grapheme) && fallbackFont(fallback).hasGlyphForCodePoint(codePoint);
  const first = FALLBACKS.find((fallback) => 'beforeBase' in fallback && drawsIt(fallback));
  if (first) return `${first.name}-${weight}`;
  if (baseFont().hasGlyphForCodePoint(codePoint)) return weight;
  const other = FALLBACKS.find(drawsIt);
  return other ? `${other.name}-${weight}` : weight;
}

function drawsGrapheme(face: Face, grapheme: string): boolean {
  const codePoint = grapheme.codePointAt(0) ?? 0;
  if (face === 'regular' || face === 'bold') return baseFont().hasGlyphForCodePoint(codePoint);
  const fallback = FALLBACKS.find((candidate) => face.startsWith(`${candidate.name}-`)) as Fallback;
  return fallbackFont(fallback).hasGlyphForCodePoint(codePoint);
}

/** Text every reader's PDF has: Latin letters, digits, punctuation. No fallback, no direction to work out. */
const PLAIN = /^[\u0020-\u024f\s]*$/;
const NEUTRAL = /^[\s\p{P}]/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** One piece of a text: drawn in one face, at one bidi embedding level (odd: right to left). */
export interface Run {
  face: Face;
  text: string;
  level: number;
}

/**
 * `text` cut into runs of one face and one direction, in logical (reading) order: a grapheme (a
 * letter with its combining marks) goes to the face made for it; spaces and punctuation stay in
 * the face before them when it has them, so an Arabic name stays one shaped run. `base` is the
 * paragraph's direction: right to left when its first letter is Hebrew or Arabic.
 */
export function scriptRuns(text: string, weight: Weight): { base: 0 | 1; runs: Run[] } {
  // Most text is Latin: one test, no segmenting, no font opened.
  if (PLAIN.test(text)) return { base: 0, runs: [{ face: weight, text, level: 0 }] };
  const parts = Array.from(graphemes.segment(text), ({ segment }) => segment);
  const faces: Face[] = [];
  parts.forEach((part, index) => {
    const previous = faces[index - 1];
    faces.push(previous && NEUTRAL.test(part) && drawsGrapheme(previous, part) ? previous : faceFor(part, weight));
  });
  const { base, levels } = bidiLevels(parts);
  const runs: Run[] = [];
  parts.forEach((part, index) => {
    const face = faces[index] as Face;
    const level = levels[index] as number;
    const last = runs.at(-1);
    if (last && last.face === face && last.level === level) last.text += part;
    else runs.push({ face, text: part, level });
  });
  return { base, runs };
}

type BidiClass = 'L' | 'R' | 'EN' | 'AN' | 'N';
const RTL_LETTER = /^[\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Samaritan}\p{sc=Mandaic}]/u;
const ARABIC_DIGIT = /^[\u0660-\u0669\u06f0-\u06f9]/u;

function bidiClass(grapheme: string): BidiClass {
  if (/^\p{Nd}/u.test(grapheme)) return ARABIC_DIGIT.test(grapheme) ? 'AN' : 'EN';
  if (/^\p{L}/u.test(grapheme)) return RTL_LETTER.test(grapheme) ? 'R' : 'L';
  return 'N';
}

/** Whether a text has letters written right to left (and so needs reordering before it is drawn). */
export const hasRightToLeft = (runs: Run[]) => runs.some((run) => run.level > 0);

/**
 * The embedding level of each grapheme, after the Unicode Bidirectional Algorithm (UAX #9) for
 * text without explicit direction marks: the paragraph's direction from its first strong letter
 * (P2, P3); digits after a right-to-left letter stay left to right inside it (W2, W7, I1, I2);
 * spaces and punctuation take the direction of the letters on both sides, else the paragraph's
 * (N1, N2). Names and consent texts carry no embedding marks, so the rules for those are left out.
 */
export function bidiLevels(parts: string[]): { base: 0 | 1; levels: number[] } {
  const classes = parts.map(bidiClass);
  const base: 0 | 1 = classes.find((type) => type === 'L' || type === 'R') === 'R' ? 1 : 0;
  // Each grapheme's direction: L or R, or null for a neutral not yet resolved.
  const directions: Array<'L' | 'R' | null> = [];
  const numberIsLatin: boolean[] = [];
  let lastStrong: 'L' | 'R' = base ? 'R' : 'L';
  for (const type of classes) {
    if (type === 'L' || type === 'R') lastStrong = type;
    // A European number after a Latin letter is Latin (W7); any other number counts as R for its neighbours (N1).
    const latinNumber = type === 'EN' && lastStrong === 'L';
    numberIsLatin.push(latinNumber);
    directions.push(type === 'N' ? null : type === 'L' || latinNumber ? 'L' : 'R');
  }
  const baseDirection = base ? 'R' : 'L';
  for (let start = 0; start < directions.length; start++) {
    if (directions[start] !== null) continue;
    let end = start;
    while (end < directions.length && directions[end] === null) end++;
    const before = (start > 0 ? directions[start - 1] : null) ?? baseDirection;
    const after = directions[end] ?? baseDirection;
    const resolved = before === after ? before : baseDirection;
    for (let index = start; index < end; index++) directions[index] = resolved;
    start = end - 1;
  }
  const levels = classes.map((type, index) => {
    const isNumber = (type === 'EN' || type === 'AN') && !numberIsLatin[index];
    if (isNumber) return 2;
    const direction = directions[index];
    if (base === 0) return direction === 'R' ? 1 : 0;
    return direction === 'L' ? 2 : 1;
  });
  return { base, levels };
}

/**
 * The pieces of one line from left to right (rule L2): from the highest level down to the lowest
 * odd one, every stretch at that level or above is reversed. A piece's own letters are put right
 * to left by fontkit when it lays out a right-to-left script; this reorders whole pieces.
 */
export function visualOrder<T extends { level: number }>(pieces: T[]): T[] {
  const result = [...pieces];
  const levels = result.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), Number.POSITIVE_INFINITY);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < result.length; start++) {
      if ((result[start]?.level ?? 0) < level) continue;
      let end = start;
      while (end < result.length && (result[end]?.level ?? 0) >= level) end++;
      result.splice(start, end - start, ...result.slice(start, end).reverse());
      start = end - 1;
    }
  }
  return result;
}

/** A face's ascent and line height at `size`, as pdfkit measures them (hhea metrics of the regular cut). */
export function faceMetrics(face: Face, size: number): { ascent: number; lineHeight: number } {
  const font =
    face === 'regular' || face === 'bold'
      ? baseFont()
      : fallbackFont(FALLBACKS.find((candidate) => face.startsWith(`${candidate.name}-`)) as Fallback);
  const scale = size / font.unitsPerEm;
  return { ascent: font.ascent * scale, lineHeight: (font.ascent - font.descent + font.lineGap) * scale };
}

/**
 * The text to hand pdfkit for a piece of a line. fontkit puts a text's glyphs right to left when
 * its first character of a real script (not Common or Inherited) is Hebrew or Arabic; Arabic-Indic
 * digits (٤٥٦) count as Arabic, yet a number reads left to right (an even level). Such a piece is
 * handed over reversed, so fontkit's turn puts it back as written.
 */
export function drawnText(piece: Run): string {
  const first = piece.text.match(/[^\p{sc=Zyyy}\p{sc=Zinh}]/u)?.[0];
  if (piece.level % 2 === 1 || first === undefined || !RTL_LETTER.test(first)) return piece.text;
  return Array.from(graphemes.segment(piece.text), ({ segment }) => segment)
    .reverse()
    .join('');
}
