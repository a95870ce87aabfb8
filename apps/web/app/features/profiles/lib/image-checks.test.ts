import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkImageFile } from './image-checks';

const file = (type: string, bytes = 1024, name = 'photo') => {
  const f = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};
const sized = (width: number, height: number) => vi.fn(async () => ({ width, height }));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('checkImageFile (SPEC.md §5 "Profile image")', () => {
  it('accepts an image of at least 200×200 and at most 10 MB', async () => {
    const result = await checkImageFile(file('image/png', 10 * 1024 * 1024), sized(200, 200));
    expect(result).toEqual({ ok: true, image: { url: 'blob:picture', size: { width: 200, height: 200 } } });
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  });

  it.each(['application/pdf', 'text/plain', '', 'image/svg+xml'])('refuses %s as not an image', async (type) => {
    const readSize = sized(400, 400);
    expect(await checkImageFile(file(type), readSize)).toEqual({ ok: false, problem: 'errors.INVALID_IMAGE' });
    expect(readSize).not.toHaveBeenCalled();
  });

  it('refuses a file over 10 MB before decoding it', async () => {
    const readSize = sized(400, 400);
    expect(await checkImageFile(file('image/jpeg', 10 * 1024 * 1024 + 1), readSize)).toEqual({
      ok: false,
      problem: 'errors.IMAGE_TOO_LARGE',
    });
    expect(readSize).not.toHaveBeenCalled();
  });

  it.each([
    [199, 400],
    [400, 199],
  ])('refuses %i×%i as too small and frees the preview', async (width, height) => {
    expect(await checkImageFile(file('image/jpeg'), sized(width, height))).toEqual({
      ok: false,
      problem: 'errors.IMAGE_TOO_SMALL',
    });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture');
  });

  it('refuses a file the browser cannot decode', async () => {
    const readSize = vi.fn(async () => {
      throw new Error('decode');
    });
    expect(await checkImageFile(file('image/png'), readSize)).toEqual({ ok: false, problem: 'errors.INVALID_IMAGE' });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture');
  });
});
