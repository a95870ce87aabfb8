/** Recognize by content, never by name or browser type. */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'webp' | 'mp3' | 'wav' | 'ogg' | 'mp4' | 'csv';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const TYPES: Record<FileKind, string> = {
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

const ZIP_MAX_ENTRIES = 2000;
const ZIP_MAX_TOTAL = 100 * 1024 * 1024;
const ZIP_MAX_RATIO = 100;

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((value, index) => bytes[offset + index] === value);
}

/** A docx: a zip whose central directory is sane (bounded entries, size and ratio) with word/document.xml. */
function isDocx(bytes: Buffer): boolean {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) return false;
  const entries = bytes.readUInt16LE(eocd + 10);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (entries > ZIP_MAX_ENTRIES || dirOffset >= bytes.length) return false;
  let offset = dirOffset;
  let total = 0;
  let hasDocument = false;
  let hasContentTypes = false;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return false;
    const compressed = bytes.readUInt32LE(offset + 20);
    const uncompressed = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    total += uncompressed;
    if (total > ZIP_MAX_TOTAL) return false;
    if (uncompressed > 1024 * 1024 && uncompressed / Math.max(1, compressed) > ZIP_MAX_RATIO) return false;
    if (name === 'word/document.xml') hasDocument = true;
    if (name === '[Content_Types].xml') hasContentTypes = true;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return hasDocument && hasContentTypes;
}

function isCsv(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return false;
  const text = sample.toString('utf8');
  return /^[^\n]*[,;\t][^\n]*(\r?\n|$)/.test(text) && !text.includes('\uFFFD');
}

function detect(bytes: Buffer): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.toString('latin1', 8, 12) === 'WAVE') return 'wav';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x4f, 0x67, 0x67, 0x53])) return 'ogg';
  if (startsWith(bytes, [0x49, 0x44, 0x33]) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (isDocx(bytes)) return 'docx';
  if (isCsv(bytes)) return 'csv';
  return null;
}

/** The kind the bytes really are, if it is among `allowed`; null otherwise. */
export async function sniffFile(
  bytes: Buffer,
  allowed: readonly FileKind[],
): Promise<{ kind: FileKind; contentType: string; extension: string } | null> {
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) return null;
  const kind = detect(bytes);
  if (!kind || !allowed.includes(kind)) return null;
  return { kind, contentType: TYPES[kind], extension: kind };
}

/** A display-safe file name: no path parts, no control characters, at most 120 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters and characters that break headers or file systems are dropped.
  const clean = [...base]
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code >= 0x20 && !(code >= 0x7f && code <= 0x9f) && !'"<>|*?:'.includes(char);
    })
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return (clean || 'file').slice(0, 120);
}
