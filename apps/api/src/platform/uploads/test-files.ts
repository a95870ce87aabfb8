import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';

/** Small real-looking documents and hostile ones, for upload tests. */
export const samplePdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

export const samplePng = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

export const sampleJpeg = (): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.alloc(64)]);

export const sampleDoc = (): Buffer =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

export const sampleDocx = (): Buffer =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': new TextEncoder().encode('<?xml version="1.0"?><Types/>'),
      'word/document.xml': new TextEncoder().encode('<?xml version="1.0"?><w:document/>'),
    }),
  );

/** An ID3v2.4 tag followed by one MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz). */
export const sampleMp3 = (): Buffer =>
  Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([4, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    Buffer.alloc(413),
  ]);

/** A WAVE header (PCM, mono, 8 kHz) with a little silence. */
export const sampleWav = (): Buffer => {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + 100, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(100, 40);
  return Buffer.concat([header, Buffer.alloc(100, 0x80)]);
};

/** The first page header of an Ogg stream. */
export const sampleOgg = (): Buffer =>
  Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.from([0, 2]), Buffer.alloc(58)]);

/** An ISO media file's ftyp box (brand isom) and an empty mdat box. */
export const sampleMp4 = (): Buffer => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isomavc1', 16, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
};

/** A spreadsheet export: UTF-8 with a BOM, semicolons, a quoted field. */
export const sampleCsv = (): Buffer =>
  Buffer.from('\uFEFFVorname;Nachname;E-Mail\nJürgen;"Müller; Sohn";jm@example.test\n', 'utf8');

/** An HTML page that a browser would run, whatever its name says. */
export const htmlPage = (): Buffer =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** HTML with a PDF header inside its first kilobyte: PDF readers and browsers both accept it. */
export const htmlPdfPolyglot = (): Buffer =>
  Buffer.from('<html><body><script>alert(1)</script><!--\n%PDF-1.4\n-->\n</body></html>\n%%EOF\n', 'latin1');

/** A PDF header followed by markup a browser sniffs as HTML. */
export const pdfHtmlPolyglot = (): Buffer =>
  Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n', 'latin1');

/** A docx-shaped zip whose document inflates to 50 MB (stored as about 50 KB: a ratio of 1000). */
export const zipBombDocx = (): Buffer =>
  Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
        'word/document.xml': new Uint8Array(50 * 1024 * 1024),
      },
      { level: 9 },
    ),
  );

export const randomBytesOf = (size: number): Buffer => randomBytes(size);

/** A multipart/form-data body for app.inject: text fields and file parts. */
export function multipartForm(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string }
  >,
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
