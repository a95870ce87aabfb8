import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';
import type { PictureOwner } from '../api/upload-profile-picture';
import { checkImageFile, type ImageProblem, type ImageSize } from '../lib/image-checks';
import { PROFILE_MODALS } from '../lib/modals';
import { AvatarPicker } from './avatar-picker';
import { DeletePictureDialog } from './delete-picture-dialog';
import { PictureCropDialog } from './picture-crop-dialog';
import { ProfileAvatar } from './profile-avatar';

export interface ProfilePictureCardProps {
  owner: PictureOwner;
  photoUrl: string | null;
  /** The person's name, for the initials shown without a picture. */
  name: string;
  /** Clients only: their chosen avatar (they may pick one instead of a picture). */
  avatarIdentifier?: string | null;
  /** Reads a picture's size; replaceable in tests (jsdom decodes no images). */
  readSize?: (url: string) => Promise<ImageSize>;
}

/**
 * "Profile Image" (SPEC.md §2 and §4): choose a file, check it (type, 10 MB, 200×200), crop, save.
 * Clients may also choose an avatar or delete the picture.
 */
export function ProfilePictureCard({
  owner,
  photoUrl,
  name,
  avatarIdentifier = null,
  readSize,
}: ProfilePictureCardProps) {
  const { t } = useTranslation();
  const modals = useModals();
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [image, setImage] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setChecking(true);
    const result = await checkImageFile(file, readSize);
    setChecking(false);
    if (!result.ok) {
      setProblem(result.problem);
      return;
    }
    setImage(result.image.url);
    modals.open(PROFILE_MODALS.crop);
  }

  function freeImage() {
    setImage((current) => {
      if (current) URL.revokeObjectURL(current);
      return null;
    });
  }

  return (
    <section
      aria-labelledby="profile-image-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="profile-image-heading" className="text-lg font-semibold">
        {t('profileScreens.picture.heading')}
      </h2>
      <div className="mt-4 flex flex-col items-center gap-4 text-center">
        <ProfileAvatar photoUrl={photoUrl} name={name} size="lg" alt={t('profileScreens.picture.alt')} />
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          onChange={onFile}
          aria-label={t('profileScreens.picture.choose')}
          data-testid="profile-picture-input"
        />
        <div className="flex w-full flex-col gap-2">
          <Button onClick={() => input.current?.click()} loading={checking}>
            {photoUrl ? t('profileScreens.picture.change') : t('profileScreens.picture.upload')}
          </Button>
          {owner === 'client' ? (
            <Button variant="secondary" onClick={() => modals.open(PROFILE_MODALS.avatar)}>
              {t('profileScreens.picture.chooseAvatar')}
            </Button>
          ) : null}
          {owner === 'client' && photoUrl ? (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => modals.open(PROFILE_MODALS.deletePicture)}
            >
              {t('profileScreens.picture.delete')}
            </Button>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {t(problem)}
          </p>
        ) : (
          <p className="text-xs text-slate-600">{t('profileScreens.picture.hint')}</p>
        )}
      </div>
      <PictureCropDialog owner={owner} image={image} onClosed={freeImage} />
      {owner === 'client' ? (
        <>
          <AvatarPicker currentAvatarId={avatarIdentifier} />
          <DeletePictureDialog />
        </>
      ) : null}
    </section>
  );
}
