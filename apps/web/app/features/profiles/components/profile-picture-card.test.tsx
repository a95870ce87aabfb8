import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { ProfilePictureCard } from './profile-picture-card';

const png = (name = 'me.png', type = 'image/png') => new File([new Uint8Array(8)], name, { type });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
  mockApi({ 'DELETE /api/client/profile-picture': [200, { photoUrl: null, thumbnailUrl: null }] });
});
afterEach(() => vi.unstubAllGlobals());

function setup(props: Partial<Parameters<typeof ProfilePictureCard>[0]> = {}) {
  renderWithProviders(
    <ProfilePictureCard
      owner="client"
      photoUrl={null}
      name="Ada Obi"
      readSize={async () => ({ width: 400, height: 400 })}
      {...props}
    />,
  );
  return screen.getByTestId('profile-picture-input');
}

describe('ProfilePictureCard ("Profile Image")', () => {
  it('shows initials without a picture', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Profile Image' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveTextContent('AO');
  });

  it('says "Please upload a valid image file." for a non-image', async () => {
    const input = setup();
    await userEvent.upload(input, png('notes.txt', 'text/plain'), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a valid image file.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "File size should not exceed 10MB." for a large file', async () => {
    const input = setup();
    const big = png();
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('File size should not exceed 10MB.');
  });

  it('says "Image dimensions should be at least 200x200 pixels." for a small picture', async () => {
    const input = setup({ readSize: async () => ({ width: 150, height: 300 }) });
    await userEvent.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Image dimensions should be at least 200x200 pixels.');
  });

  it('opens the crop dialog with a zoom from 1 to 3 in steps of 0.1 for a valid picture', async () => {
    const input = setup();
    await userEvent.upload(input, png());
    expect(await screen.findByRole('dialog', { name: 'crop Image' })).toBeInTheDocument();
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.1');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture');
  });

  it('asks "Are you sure" before deleting, then says "Image Deleted Successfully"', async () => {
    setup({ photoUrl: '/media/profiles/x.webp' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete picture' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image Deleted Successfully')).toBeInTheDocument();
  });

  it('offers no avatar or delete for providers', () => {
    setup({ owner: 'provider', photoUrl: '/media/profiles/x.webp' });
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose an avatar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete picture' })).not.toBeInTheDocument();
  });
});
