import { promisify } from 'node:util';
import { constants, deflateRaw, gzip } from 'node:zlib';
import { crc32WithSlots } from './crc32-slots.ts';

/**
 * A rendered page kept for reuse, whose inline scripts carry a placeholder where each response's
 * CSP nonce goes. `html(nonce)` is the page for one response; `gzip(nonce)` is the same page
 * gzip-compressed without compressing it again. The text between placeholders is compressed once,
 * each part a deflate run ending byte-aligned (sync flush) and primed with everything before it
 * as its dictionary, the nonces there written as NUL bytes: the page never contains NUL, so no
 * back-reference can reach into a nonce, while every other repeat across parts still compresses.
 * A response joins the parts with its nonce as stored (uncompressed) blocks, then the gzip trailer
 * (CRC-32 and length of the whole text): one ordinary gzip member (RFC 1952 / RFC 1951). The joined
 * bytes are kept with the nonce positions blank, so a response is one copy with its nonce written
 * in place, and a CRC derived from the blank page's in one step (crc32-slots.ts).
 *
 * Most pages kept are never asked for again (a provider's page, a filter or search combination, a
 * crawler's visit): the first answer is the page with its nonce gzip-compressed fast, in one run
 * (FIRST_LEVEL); only a page asked for again gets the template, as small as it gets
 * (REUSED_LEVEL), for every answer after.
 */
export class RenderedPage {
  private readonly parts: Buffer[];
  private gzipped: Promise<GzipTemplate> | undefined;
  private answered = false;

  constructor(
    /** The page as rendered: its UTF-8 bytes (as the web app's server entry gives them) or its text. */
    html: string | Uint8Array,
    placeholder: string,
    /** The length of every nonce `gzip()` will be given (cspNonce: 24 characters). */
    private readonly nonceLength = 24,
  ) {
    const page =
      typeof html === 'string' ? Buffer.from(html, 'utf8') : Buffer.from(html.buffer, html.byteOffset, html.length);
    const mark = Buffer.from(placeholder, 'utf8');
    this.parts = [];
    let start = 0;
    for (let at = page.indexOf(mark); at >= 0; at = page.indexOf(mark, start)) {
      this.parts.push(page.subarray(start, at));
      start = at + mark.length;
    }
    this.parts.push(page.subarray(start));
  }

  /** How many places take the nonce. */
  get nonceSlots(): number {
    return this.parts.length - 1;
  }

  html(nonce: string): Buffer {
    const nonceBytes = Buffer.from(nonce, 'utf8');
    const pieces: Buffer[] = [];
    for (const [index, part] of this.parts.entries()) {
      if (index > 0) pieces.push(nonceBytes);
      pieces.push(part);
    }
    return Buffer.concat(pieces);
  }

  /** Each part deflated on its own in libuv's pool, all at once: each one's dictionary is known beforehand. */
  private compressParts(level: number): Promise<Buffer[]> {
    const blank = Buffer.alloc(this.nonceLength); // NUL bytes, never matched
    const window: Buffer[] = [];
    return Promise.all(
      this.parts.map((part, index) => {
        const last = index === this.parts.length - 1;
        const before = Buffer.concat(window);
        window.push(part, blank);
        return deflateRawAsync(part, {
          level,
          finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
          ...(before.length > 0 ? { dictionary: before.subarray(Math.max(0, before.length - 32_768)) } : {}),
        });
      }),
    );
  }

  /**
   * The page gzip-compressed for a response with this nonce (which must be `nonceLength` long).
   * Compressing runs in libuv's pool, off the thread that renders and answers.
   */
  async gzip(nonce: string): Promise<Buffer> {
    const nonceBytes = Buffer.from(nonce, 'utf8');
    if (nonceBytes.length !== this.nonceLength) throw new Error(`a nonce of ${this.nonceLength} bytes expected`);
    if (!this.answered) {
      this.answered = true;
      return gzipAsync(this.html(nonce), { level: FIRST_LEVEL });
    }
    this.gzipped ??= this.gzipTemplate();
    const template = await this.gzipped;
    const answer = Buffer.allocUnsafe(template.bytes.length);
    template.bytes.copy(answer);
    for (const offset of template.nonceOffsets) nonceBytes.copy(answer, offset);
    answer.writeUInt32LE(template.crcWith(nonceBytes), answer.length - 8);
    return answer;
  }

  /**
   * The gzip answer with its nonce positions and CRC left blank, where the nonces go, and the
   * CRC-32 of the text for a given nonce (one step per answer, crc32-slots.ts).
   */
  private async gzipTemplate(): Promise<GzipTemplate> {
    const compressed = await this.compressParts(REUSED_LEVEL);
    const stored = Buffer.alloc(5 + this.nonceLength);
    stored[0] = 0x00; // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding
    stored.writeUInt16LE(this.nonceLength, 1);
    stored.writeUInt16LE(~this.nonceLength & 0xffff, 3);
    const blankNonce = Buffer.alloc(this.nonceLength);

    const pieces: Buffer[] = [GZIP_HEADER];
    const text: Buffer[] = [];
    const nonceOffsets: number[] = [];
    const textSlots: number[] = [];
    let offset = GZIP_HEADER.length;
    let length = 0;
    for (const [index, part] of this.parts.entries()) {
      if (index > 0) {
        pieces.push(stored);
        nonceOffsets.push(offset + 5);
        offset += stored.length;
        text.push(blankNonce);
        textSlots.push(length);
        length += this.nonceLength;
      }
      const deflated = compressed[index] as Buffer;
      pieces.push(deflated);
      offset += deflated.length;
      text.push(part);
      length += part.length;
    }
    const trailer = Buffer.alloc(8); // CRC-32 (per answer), then the text's length
    trailer.writeUInt32LE(length >>> 0, 4);
    pieces.push(trailer);
    return {
      bytes: Buffer.concat(pieces),
      nonceOffsets,
      crcWith: crc32WithSlots(Buffer.concat(text), textSlots, this.nonceLength),
    };
  }
}

interface GzipTemplate {
  bytes: Buffer;
  nonceOffsets: number[];
  crcWith: (nonce: Uint8Array) => number;
}

const gzipAsync = promisify(gzip);
const deflateRawAsync = promisify(deflateRaw);

/** A page's first answer, compressed alone: fast, as most pages kept are never asked for again. */
const FIRST_LEVEL = 1;
/** A page asked for again, compressed once more for all its later answers: as small as it gets. */
const REUSED_LEVEL = 9;

/** ID1 ID2, CM deflate, no flags, no mtime, XFL 0, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
