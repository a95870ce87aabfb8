import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { PROFILE_MODALS } from '../lib/modals';
import { PictureCropDialog } from './picture-crop-dialog';

afterEach(() => vi.unstubAllGlobals());

/** jsdom lays nothing out: give the picture and its frame a size, then "load" it so the cropper measures. */
function loadPicture() {
  const image = document.querySelector('img') as HTMLImageElement;
  Object.defineProperty(image, 'naturalWidth', { value: 400 });
  Object.defineProperty(image, 'naturalHeight', { value: 400 });
  Object.defineProperty(image, 'width', { value: 300 });
  Object.defineProperty(image, 'height', { value: 300 });
  Object.defineProperty(image, 'offsetWidth', { value: 300 });
  Object.defineProperty(image, 'offsetHeight', { value: 300 });
  const container = screen.getByTestId('container');
  container.getBoundingClientRect = () => ({
    width: 300,
    height: 300,
    top: 0,
    left: 0,
    right: 300,
    bottom: 300,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  Object.defineProperty(container, 'offsetWidth', { value: 300 });
  Object.defineProperty(container, 'offsetHeight', { value: 300 });
  fireEvent.load(image);
}

function setup(crop: (url: string) => Promise<Blob>) {
  const onClosed = vi.fn();
  const api = mockApi({
    'POST /api/client/profile-picture': [200, { photoUrl: '/media/p.webp', thumbnailUrl: '/media/t.webp' }],
  });
  renderWithProviders(<PictureCropDialog owner="client" image="blob:picture" onClosed={onClosed} crop={crop} />, {
    openModal: PROFILE_MODALS.crop,
  });
  loadPicture();
  return { onClosed, ...api };
}

describe('PictureCropDialog ("crop Image")', () => {
  it('uploads the cropped square as multipart field "file" and says "Image Changed Successfully"', async () => {
    const crop = vi.fn(async () => new Blob(['x'], { type: 'image/jpeg' }));
    const { onClosed, calls } = setup(crop);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image Changed Successfully')).toBeInTheDocument();
    expect(crop).toHaveBeenCalledWith('blob:picture', expect.objectContaining({ width: expect.any(Number) }));
    const upload = calls.find((call) => call.path === '/api/client/profile-picture');
    const form = upload?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(onClosed).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "Failed to crop image." and clears the cropper when cropping fails', async () => {
    const { onClosed, calls } = setup(async () => {
      throw new Error('no canvas');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to crop image.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(onClosed).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
