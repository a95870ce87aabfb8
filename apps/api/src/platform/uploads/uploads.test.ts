import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalPrivateStorage, createS3PrivateStorage, s3Commands } from './private-storage.ts';
import { signFileLink, verifyFileLink } from './signed-links.ts';
import { MAX_UPLOAD_BYTES, safeFileName, sniffFile } from './sniff.ts';
import {
  htmlPage,
  htmlPdfPolyglot,
  pdfHtmlPolyglot,
  sampleCsv,
  sampleDoc,
  sampleDocx,
  sampleJpeg,
  sampleMp3,
  sampleMp4,
  sampleOgg,
  samplePdf,
  samplePng,
  sampleWav,
  zipBombDocx,
} from './test-files.ts';

const DOCS = ['pdf', 'doc', 'docx', 'jpg', 'png'] as const;

describe('sniffFile', () => {
  it('recognizes pdf, doc, docx, jpg and png by their bytes', async () => {
    expect((await sniffFile(samplePdf(), DOCS))?.kind).toBe('pdf');
    expect((await sniffFile(sampleDoc(), DOCS))?.kind).toBe('doc');
    expect(await sniffFile(sampleDocx(), DOCS)).toEqual({
      kind: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    });
    expect((await sniffFile(sampleJpeg(), DOCS))?.kind).toBe('jpg');
    expect((await sniffFile(samplePng(), DOCS))?.kind).toBe('png');
  });

  it('recognizes the audio, video and CSV kinds of notes by their bytes, not their names', async () => {
    const NOTE_KINDS = ['doc', 'docx', 'pdf', 'jpg', 'png', 'mp3', 'wav', 'ogg', 'csv', 'mp4'] as const;
    expect((await sniffFile(sampleMp3(), NOTE_KINDS))?.kind).toBe('mp3');
    expect((await sniffFile(sampleWav(), NOTE_KINDS))?.kind).toBe('wav');
    expect((await sniffFile(sampleOgg(), NOTE_KINDS))?.kind).toBe('ogg');
    expect(await sniffFile(sampleMp4(), NOTE_KINDS)).toEqual({
      kind: 'mp4',
      contentType: 'video/mp4',
      extension: 'mp4',
    });
    expect((await sniffFile(sampleCsv(), NOTE_KINDS))?.kind).toBe('csv');
    // A session note's kinds have no mp4; a WebP is a RIFF but not a WAVE.
    expect(await sniffFile(sampleMp4(), ['mp3', 'wav', 'ogg', 'csv'])).toBeNull();
    const webp = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(32)]);
    expect(await sniffFile(webp, ['wav'])).toBeNull();
    // Near misses: a reserved MPEG version, an ftyp box larger than the file, binary that is not text.
    expect(await sniffFile(Buffer.from([0xff, 0xe8, 0x90, 0x64, 0, 0, 0, 0]), ['mp3'])).toBeNull();
    const longBox = sampleMp4();
    longBox.writeUInt32BE(100_000, 0);
    expect(await sniffFile(longBox, ['mp4'])).toBeNull();
    expect(await sniffFile(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), ['csv'])).toBeNull();
    expect(await sniffFile(htmlPage(), ['csv'])).toBeNull();
  });

  it('refuses HTML, polyglots, a zip bomb, an empty or oversized file and kinds not allowed', async () => {
    expect(await sniffFile(htmlPage(), DOCS)).toBeNull();
    expect(await sniffFile(htmlPdfPolyglot(), DOCS)).toBeNull();
    expect(await sniffFile(pdfHtmlPolyglot(), DOCS)).toBeNull();
    expect(await sniffFile(zipBombDocx(), DOCS)).toBeNull();
    expect(await sniffFile(Buffer.alloc(0), DOCS)).toBeNull();
    expect(await sniffFile(Buffer.concat([samplePdf(), Buffer.alloc(MAX_UPLOAD_BYTES)]), DOCS)).toBeNull();
    expect(await sniffFile(samplePng(), ['pdf'])).toBeNull();
    // A zip that is not a Word document.
    const { zipSync } = await import('fflate');
    expect(await sniffFile(Buffer.from(zipSync({ 'a.txt': new Uint8Array(10) })), DOCS)).toBeNull();
  });
});

describe('safeFileName', () => {
  it('drops path parts, control characters and markup characters, and caps the length', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\windows\\system.ini')).toBe('system.ini');
    expect(safeFileName('lic\u0000ence\u202e.pdf')).toBe('licence.pdf');
    expect(safeFileName('<script>.pdf')).toBe('script.pdf');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(120);
  });
});

describe('signed file links', () => {
  const secret = 'a-secret-that-is-long-enough-for-signing';
  const at = new Date('2027-03-01T09:00:00Z');
  const link = signFileLink(secret, {
    key: 'credentials/x/abc.pdf',
    filename: 'Licence.pdf',
    expiresAt: new Date(at.getTime() + 300_000),
  });

  it('verify within their lifetime only, and only with the right secret and untouched', () => {
    expect(link.startsWith('/api/files/')).toBe(true);
    expect(verifyFileLink(secret, link, at)).toEqual({ key: 'credentials/x/abc.pdf', filename: 'Licence.pdf' });
    expect(verifyFileLink(secret, link.slice('/api/files/'.length), at)).not.toBeNull();
    expect(verifyFileLink(secret, link, new Date(at.getTime() + 300_000))).toBeNull();
    expect(verifyFileLink(`${secret}x`, link, at)).toBeNull();
    const token = link.slice('/api/files/'.length);
    const forged = Buffer.from(JSON.stringify({ k: 'credentials/y/other.pdf', f: 'x.pdf', e: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(verifyFileLink(secret, forged, at)).toBeNull();
    const flipped = Buffer.from(token, 'base64url');
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 1;
    expect(verifyFileLink(secret, flipped.toString('base64url'), at)).toBeNull();
    expect(verifyFileLink(secret, 'garbage', at)).toBeNull();
  });

  it('carry the key and the file name sealed: nothing of them is readable in the URL', () => {
    const named = signFileLink(secret, {
      key: 'messages/ab/0123456789abcdef.pdf',
      filename: 'assessment-ada-obi.pdf',
      expiresAt: new Date(at.getTime() + 300_000),
    });
    const token = named.slice('/api/files/'.length);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    expect(`${named} ${decoded}`).not.toMatch(/ada|obi|assessment|messages|0123456789/);
    expect(verifyFileLink(secret, named, at)?.filename).toBe('assessment-ada-obi.pdf');
  });
});

describe('private storage', () => {
  it('keeps files on disk under its root and refuses keys that could leave it', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'private-'));
    try {
      const storage = createLocalPrivateStorage(root);
      await storage.put('credentials/q/abc.pdf', samplePdf(), { contentType: 'application/pdf' });
      const file = await storage.get('credentials/q/abc.pdf');
      expect(file?.size).toBe(samplePdf().length);
      expect(file?.contentType).toBe('application/pdf');
      file?.body.destroy();
      await expect(storage.put('../escape.pdf', samplePdf(), { contentType: 'application/pdf' })).rejects.toThrow();
      expect(await storage.get('credentials/../../etc/passwd')).toBeNull();
      await storage.delete('credentials/q/abc.pdf');
      expect(await storage.get('credentials/q/abc.pdf')).toBeNull();
      await storage.delete('credentials/q/abc.pdf');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('builds S3 commands under private/ in the configured bucket, without a network', async () => {
    const put = s3Commands.put({ bucket: 'docs' }, 'credentials/q/abc.pdf', samplePdf(), 'application/pdf');
    expect(put.input).toMatchObject({
      Bucket: 'docs',
      Key: 'private/credentials/q/abc.pdf',
      ContentType: 'application/pdf',
      ServerSideEncryption: 'AES256',
    });
    expect(s3Commands.get({ bucket: 'docs' }, 'a/b.pdf').input).toEqual({ Bucket: 'docs', Key: 'private/a/b.pdf' });
    expect(s3Commands.delete({ bucket: 'docs' }, 'a/b.pdf').input).toEqual({ Bucket: 'docs', Key: 'private/a/b.pdf' });

    const sent: Array<{ constructor: { name: string }; input: Record<string, unknown> }> = [];
    const storage = createS3PrivateStorage(
      { bucket: 'docs', endpoint: 'http://minio.invalid:9000' },
      {
        async send(command) {
          sent.push(command as never);
          if ((command as { constructor: { name: string } }).constructor.name === 'GetObjectCommand') {
            const error = new Error('missing');
            error.name = 'NoSuchKey';
            throw error;
          }
          return {};
        },
      },
    );
    await storage.put('credentials/q/abc.pdf', samplePdf(), { contentType: 'application/pdf' });
    expect(await storage.get('credentials/q/abc.pdf')).toBeNull();
    await storage.delete('credentials/q/abc.pdf');
    await expect(storage.put('../x.pdf', samplePdf(), { contentType: 'application/pdf' })).rejects.toThrow();
    expect(sent.map((command) => command.constructor.name)).toEqual([
      'PutObjectCommand',
      'GetObjectCommand',
      'DeleteObjectCommand',
    ]);
  });
});
