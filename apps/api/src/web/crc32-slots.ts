import { crc32 } from 'node:zlib';

/**
 * The CRC-32 (gzip's) of a text whose fixed-length slots take a different filler each time (a
 * cached page and each response's nonce), in one step per filler instead of a pass over the text.
 *
 * CRC-32 is affine over GF(2): for texts of equal length, crc(A) ^ crc(B) is the raw CRC (no
 * initial value, no final xor) of A ^ B. Writing filler F into every slot of a text T whose slots
 * are zero bytes changes it by F at each slot and zeros elsewhere, whose raw CRC is
 * raw(F)·x^(8·a) summed over the slots, `a` being the bytes after that slot (leading zeros add
 * nothing). Multiplication distributes over that sum, so
 *   crc(T with F) = crc(T) ^ raw(F)·K,   K = Σ x^(8·a_slot) mod P,   raw(F) = crc(F) ^ crc(zeros).
 * The polynomial arithmetic is zlib's (multmodp, x2nmodp as of zlib 1.2.12), in the CRC's
 * reversed bit order.
 */
export function crc32WithSlots(
  /** The text with zero bytes in every slot. */
  blank: Uint8Array,
  /** Where each slot starts. */
  slots: readonly number[],
  slotLength: number,
): (filler: Uint8Array) => number {
  const base = crc32(blank);
  let factor = 0;
  for (const start of slots) factor ^= shiftPast(blank.length - start - slotLength);
  const zeros = crc32(new Uint8Array(slotLength));
  return (filler) => {
    if (filler.length !== slotLength) throw new Error(`a filler of ${slotLength} bytes expected`);
    return (base ^ multiplyModP(factor, crc32(filler) ^ zeros)) >>> 0;
  };
}

/** The gzip/zlib CRC-32 polynomial, bit-reversed. */
const POLYNOMIAL = 0xedb88320;

/** a(x)·b(x) modulo the polynomial (zlib's multmodp). */
export function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
    if ((a & mask) !== 0) {
      product ^= factor;
      if ((a & (mask - 1)) === 0) break;
    }
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0…31 (zlib's x2n_table). */
const X_POW_2K = (() => {
  const table = [0x40000000]; // x^1
  for (let k = 1; k < 32; k++) table.push(multiplyModP(table[k - 1] as number, table[k - 1] as number));
  return table;
})();

/** x^(8·bytes) modulo the polynomial: what carries a raw CRC past that many more bytes (zlib's x2nmodp(bytes, 3)). */
export function shiftPast(bytes: number): number {
  let operator = 0x80000000; // x^0
  let k = 3; // one byte: x^8 = x^(2^3)
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) operator = multiplyModP(X_POW_2K[k % 32] as number, operator);
  }
  return operator;
}
