import { MAX_UPLOAD_BYTES, MIN_IMAGE_SIDE_PX } from '@app/shared/constants';

/** The i18n key of the first rule a chosen picture breaks (SPEC.md §5 "Profile image"), or null. */
export type ImageProblem = 'errors.INVALID_IMAGE' | 'errors.IMAGE_TOO_LARGE' | 'errors.IMAGE_TOO_SMALL';

export interface ImageSize {
  width: number;
  height: number;
}

/** Reads an image's natural size by decoding it in the browser; rejects when it cannot be decoded. */
export function readImageSize(url: string): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('not an image'));
    image.src = url;
  });
}

export interface CheckedImage {
  /** An object URL of the file, for the cropper; the caller revokes it. */
  url: string;
  size: ImageSize;
}

/**
 * Client-side checks before cropping: an image type (SVG is refused, as on the server), at most
 * 10 MB, and at least 200×200 pixels once decoded. The server checks the content again.
 */
export async function checkImageFile(
  file: File,
  readSize: (url: string) => Promise<ImageSize> = readImageSize,
): Promise<{ ok: true; image: CheckedImage } | { ok: false; problem: ImageProblem }> {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml')
    return { ok: false, problem: 'errors.INVALID_IMAGE' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, problem: 'errors.IMAGE_TOO_LARGE' };
  const url = URL.createObjectURL(file);
  let size: ImageSize;
  try {
    size = await readSize(url);
  } catch {
    URL.revokeObjectURL(url);
    return { ok: false, problem: 'errors.INVALID_IMAGE' };
  }
  if (size.width < MIN_IMAGE_SIDE_PX || size.height < MIN_IMAGE_SIDE_PX) {
    URL.revokeObjectURL(url);
    return { ok: false, problem: 'errors.IMAGE_TOO_SMALL' };
  }
  return { ok: true, image: { url, size } };
}
