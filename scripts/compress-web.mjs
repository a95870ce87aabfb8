// Part of `npm run build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside
// every text asset of the web build's client folder, so the server sends them compressed without
// compressing per request (@fastify/static's preCompressed). Copies that save nothing are skipped.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = path.resolve(import.meta.dirname, '../apps/web/build/client');
const TEXT = /\.(?:js|mjs|css|svg|json|html|txt|xml|map)$/;
const MIN_BYTES = 256;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(clientDir)) {
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  count++;
  before += raw.length;
  after += Math.min(br.length, raw.length);
}
console.log(
  `Precompressed ${count} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli (${statSync(clientDir).isDirectory() ? 'apps/web/build/client' : ''})`,
);
