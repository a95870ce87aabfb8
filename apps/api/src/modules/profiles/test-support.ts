import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '../../../test/build-test-app.ts';
import { countries, preferenceOptions, states, therapyCategories } from '../../db/schema/index.ts';

/** Identifiers of the seeded reference data, by code or key (tests only). */
export async function loadReferenceIds(t: TestApp) {
  const db = t.deps.db;
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const stateRows = await db.select({ id: states.id, code: states.code }).from(states);
  const optionRows = await db
    .select({ id: preferenceOptions.id, list: preferenceOptions.list, key: preferenceOptions.key })
    .from(preferenceOptions);
  const therapyRows = await db.select({ id: therapyCategories.id, key: therapyCategories.key }).from(therapyCategories);
  const pick = <T extends { id: string }>(rows: T[], match: (row: T) => boolean, what: string): string => {
    const row = rows.find(match);
    if (!row) throw new Error(`no ${what}`);
    return row.id;
  };
  return {
    country: (code: string) => pick(countryRows, (row) => row.code === code, `country ${code}`),
    state: (code: string) => pick(stateRows, (row) => row.code === code, `state ${code}`),
    option: (list: string, key: string) =>
      pick(optionRows, (row) => row.list === list && row.key === key, `option ${list}/${key}`),
    therapy: (key: string) => pick(therapyRows, (row) => row.key === key, `therapy ${key}`),
  };
}

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartFile(
  data: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.png'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function solidPng(width: number, height: number, colour = '#3a86ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A 300×300 JPEG whose stored pixels are red on top and blue below, with EXIF orientation 6
 * ("turn 90° clockwise to view") and a copyright note and camera make that must not survive.
 */
export async function orientedJpegWithExif(): Promise<Buffer> {
  const red = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 300, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Secret Camera Owner', Make: 'TestCam' } })
    .toBuffer();
}

/** The RGB colour of one pixel of an image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset] as number, data[offset + 1] as number, data[offset + 2] as number];
}
