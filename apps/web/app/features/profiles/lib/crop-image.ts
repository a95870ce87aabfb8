import { PROFILE_IMAGE_SIZES } from '@app/shared/schemas/profiles';
import type { Area } from 'react-easy-crop';

/** Crop zoom of SPEC.md §5/§9: 1 to 3 in steps of 0.1, square aspect. */
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image failed to load'));
    image.src = url;
  });
}

/**
 * Draws the chosen square of the picture onto a canvas the size the server keeps (512 px, so
 * even a 200 px source zoomed in stays above the 200 px minimum) and returns it as a JPEG.
 */
export async function cropImage(url: string, area: Area, side: number = PROFILE_IMAGE_SIZES.large): Promise<Blob> {
  const image = await loadImage(url);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas is empty'))), 'image/jpeg', 0.92);
  });
}
