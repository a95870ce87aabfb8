import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32WithSlots, multiplyModP, shiftPast } from './crc32-slots.ts';

/** The text with `filler` written at every slot. */
function filled(blank: Uint8Array, slots: number[], filler: Uint8Array): Buffer {
  const text = Buffer.from(blank);
  for (const start of slots) text.set(filler, start);
  return text;
}

/** Pieces of text with a blank slot between each two, and where the slots start. */
function withSlots(pieces: Uint8Array[], slotLength: number): { blank: Buffer; slots: number[] } {
  const slots: number[] = [];
  const chunks: Buffer[] = [];
  let offset = 0;
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) {
      slots.push(offset);
      chunks.push(Buffer.alloc(slotLength));
      offset += slotLength;
    }
    chunks.push(Buffer.from(piece));
    offset += piece.length;
  }
  return { blank: Buffer.concat(chunks), slots };
}

describe('crc32WithSlots', () => {
  it('answers the CRC-32 of the text with that filler in every slot, for any text, slots and filler', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 8 }),
        fc.uint8Array({ minLength: 1, maxLength: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (pieces, filler, other) => {
          const { blank, slots } = withSlots(pieces, filler.length);
          const crcOf = crc32WithSlots(blank, slots, filler.length);
          expect(crcOf(filler)).toBe(crc32(filled(blank, slots, filler)));
          const second = other.subarray(0, filler.length);
          expect(crcOf(second)).toBe(crc32(filled(blank, slots, second)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('carries the filler past long text (lengths with high bits set)', () => {
    const filler = Buffer.from('UJHnwULCvtJtyjiRQCRi5w==');
    for (const length of [65_535, 65_536, 89_407, 1_000_003]) {
      const { blank, slots } = withSlots([Buffer.from('<html>'), Buffer.alloc(length, 'é'), Buffer.from('x')], 24);
      expect(crc32WithSlots(blank, slots, 24)(filler)).toBe(crc32(filled(blank, slots, filler)));
    }
  });

  it('refuses a filler of another length', () => {
    expect(() => crc32WithSlots(Buffer.alloc(10), [2], 4)(Buffer.alloc(3))).toThrow();
  });

  it('shifts compose, and a shift past nothing changes nothing', () => {
    expect(shiftPast(0)).toBe(0x80000000);
    expect(multiplyModP(shiftPast(0), 0xdeadbeef)).toBe(0xdeadbeef);
    expect(multiplyModP(shiftPast(3), shiftPast(5))).toBe(shiftPast(8));
    expect(multiplyModP(shiftPast(1000), shiftPast(24))).toBe(shiftPast(1024));
  });
});
