import { unzipSync } from 'fflate';

/** The kinds of private upload the application accepts somewhere; each caller passes its own list. */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'webp' | 'mp3' | 'wav' | 'ogg' | 'mp4' | 'csv';

/** Any uploaded file: SPEC.md §9 "Any uploaded file max 10 MB". */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The content type a file kind is served with (private storage reads it back from a key's extension). */
export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  csv: 'text/csv',
};

/** Caps of the docx (zip) check: a zip bomb or an archive of thousands of entries is refused unopened. */
export const ZIP_LIMITS = { maxEntries: 2000, maxTotalUncompressed: 100 * 1024 * 1024, maxRatio: 100 } as const;

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

/**
 * Markup a browser would run when it sniffs a file as HTML/SVG. A document that carries it near
 * its start is a polyglot (for example HTML with a PDF header somewhere) and is refused.
 */
const ACTIVE_MARKUP = /<\s*(!doctype\s+html|html|head|body|script|iframe|svg|object|embed|meta|a\s|img\s)/i;

function hasActiveMarkupNearStart(bytes: Buffer): boolean {
  return ACTIVE_MARKUP.test(bytes.subarray(0, 1024).toString('latin1'));
}

function isPdf(bytes: Buffer): boolean {
  if (!startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return false; // %PDF-
  // A real PDF ends with its trailer; a PDF header glued onto something else usually does not.
  return bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF', 0, 'latin1');
}

function isJpeg(bytes: Buffer): boolean {
  return startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 4;
}

function isPng(bytes: Buffer): boolean {
  return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

function isWebp(bytes: Buffer): boolean {
  return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
}

/** OLE2 compound document (Word 97-2003). */
function isOle2(bytes: Buffer): boolean {
  return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

/**
 * A Word document: a zip whose central directory names [Content_Types].xml and word/document.xml.
 * Only the directory is read (no entry is inflated); entry count, total declared size and the
 * compression ratio are capped so a zip bomb is refused.
 */
function isDocx(bytes: Buffer): boolean {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  let entries = 0;
  let totalUncompressed = 0;
  let tooBig = false;
  const names = new Set<string>();
  try {
    unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      filter(file) {
        entries += 1;
        totalUncompressed += file.originalSize;
        const ratio = file.originalSize / Math.max(file.size, 1);
        if (
          entries > ZIP_LIMITS.maxEntries ||
          totalUncompressed > ZIP_LIMITS.maxTotalUncompressed ||
          (file.originalSize > 1024 * 1024 && ratio > ZIP_LIMITS.maxRatio) ||
          file.size > bytes.length
        ) {
          tooBig = true;
        }
        names.add(file.name);
        return false; // never inflate
      },
    });
  } catch {
    return false;
  }
  return !tooBig && names.has('[Content_Types].xml') && names.has('word/document.xml');
}

/** An MPEG audio frame header: sync bits, and no reserved version, layer, bitrate or sample rate. */
function isMpegFrame(bytes: Buffer, at: number): boolean {
  if (bytes.length < at + 4 || bytes[at] !== 0xff) return false;
  const b1 = bytes[at + 1] ?? 0;
  const b2 = bytes[at + 2] ?? 0;
  return (
    (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0 && (b2 & 0xf0) !== 0xf0 && (b2 & 0x0c) !== 0x0c
  );
}

/** MP3: an ID3v2 tag (version 2-4), or a valid MPEG audio frame header at the start. */
function isMp3(bytes: Buffer): boolean {
  if (startsWith(bytes, [0x49, 0x44, 0x33])) return bytes.length > 10 && [2, 3, 4].includes(bytes[3] ?? 0);
  return isMpegFrame(bytes, 0);
}

/** WAV: a RIFF container of type WAVE whose first chunk is the format chunk. */
function isWav(bytes: Buffer): boolean {
  return (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x41, 0x56, 0x45], 8) &&
    startsWith(bytes, [0x66, 0x6d, 0x74, 0x20], 12) // "fmt "
  );
}

/** Ogg: a page header ("OggS", stream structure version 0). */
function isOgg(bytes: Buffer): boolean {
  return startsWith(bytes, [0x4f, 0x67, 0x67, 0x53, 0x00]);
}

/** MP4 (ISO base media): a first box of type ftyp whose size fits the file and whose brand is printable. */
function isMp4(bytes: Buffer): boolean {
  if (bytes.length < 16 || !startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return false;
  const size = bytes.readUInt32BE(0);
  const brand = bytes.subarray(8, 12);
  return size >= 16 && size <= Math.min(bytes.length, 4096) && brand.every((byte) => byte >= 0x20 && byte < 0x7f);
}

/** Plain UTF-8 text without NUL bytes or markup: what a spreadsheet export is. */
function isCsv(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  const head = bytes.subarray(0, 64 * 1024);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 4));
  } catch {
    return false;
  }
  return !hasActiveMarkupNearStart(bytes) && !/^\s*</.test(head.toString('utf8', 0, 64));
}

const CHECKS: Array<[FileKind, (bytes: Buffer) => boolean]> = [
  ['pdf', isPdf],
  ['png', isPng],
  ['jpg', isJpeg],
  ['webp', isWebp],
  ['doc', isOle2],
  ['docx', isDocx],
  ['wav', isWav],
  ['ogg', isOgg],
  ['mp4', isMp4],
  ['mp3', isMp3],
  ['csv', isCsv],
];

/**
 * The kind the bytes really are, if it is among `allowed`; null otherwise. Never trusts the name
 * or the browser's type. docx is opened as a bounded zip (a zip bomb is refused).
 */
export async function sniffFile(
  bytes: Buffer,
  allowed: readonly FileKind[],
): Promise<{ kind: FileKind; contentType: string; extension: string } | null> {
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) return null;
  for (const [kind, check] of CHECKS) {
    if (!allowed.includes(kind) || !check(bytes)) continue;
    // Documents and text a browser could render as a page must not carry markup near their start.
    if ((kind === 'pdf' || kind === 'doc' || kind === 'csv') && hasActiveMarkupNearStart(bytes)) return null;
    return { kind, contentType: CONTENT_TYPES[kind], extension: kind };
  }
  return null;
}

/** A display-safe file name: no path parts (`../`), no control characters, at most 120 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim();
  const limited = cleaned.length > 120 ? cleaned.slice(0, 120) : cleaned;
  return limited || 'file';
}
