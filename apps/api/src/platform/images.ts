import { MAX_UPLOAD_BYTES, MIN_IMAGE_SIDE_PX } from '@app/shared/constants';
import sharp, { type Metadata } from 'sharp';
import { AppError } from './app-error.ts';

/** Raster formats a browser sends as a photo; SVG, PDF and the like are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** Decompression-bomb guard: 60 megapixels is more than any phone camera gives. */
const MAX_INPUT_PIXELS = 60_000_000;

const WEBP = { quality: 82, effort: 4 } as const;

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
}

/**
 * Checks an uploaded picture by its content, never its name (SPEC.md §5 "Profile image"):
 * IMAGE_TOO_LARGE over 10 MB, INVALID_IMAGE when it is not a raster image, IMAGE_TOO_SMALL
 * under 200×200 pixels.
 */
export async function inspectImage(buffer: Buffer): Promise<ImageInfo> {
  if (buffer.length > MAX_UPLOAD_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  const { format, width, height } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw new AppError('INVALID_IMAGE');
  if (width * height > MAX_INPUT_PIXELS) throw new AppError('INVALID_IMAGE');
  if (width < MIN_IMAGE_SIDE_PX || height < MIN_IMAGE_SIDE_PX) throw new AppError('IMAGE_TOO_SMALL');
  return { format, width, height };
}

/**
 * Re-encodes a checked picture into square WebP variants: turned upright by its EXIF
 * orientation, centre-cropped, every metadata block (EXIF, GPS, XMP, ICC) dropped.
 * A file whose header reads but whose pixels do not decode is INVALID_IMAGE.
 */
export async function squareWebpVariants(buffer: Buffer, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const upright = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const variants = new Map<number, Buffer>();
  try {
    for (const size of sizes) {
      variants.set(
        size,
        await upright
          .clone()
          .resize(size, size, { fit: 'cover', position: 'centre', withoutEnlargement: false })
          .webp(WEBP)
          .toBuffer(),
      );
    }
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  return variants;
}

/** Renders trusted SVG markup (our own artwork, never an upload) to a square WebP. */
export function renderSvgToWebp(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 144 }).resize(size, size).webp(WEBP).toBuffer();
}
