import { useEffect, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { errorText } from '#app/lib/error-text';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { type PictureOwner, useUploadProfilePicture } from '../api/upload-profile-picture';
import { CROP_ZOOM, cropImage } from '../lib/crop-image';
import { PROFILE_MODALS } from '../lib/modals';

export interface PictureCropDialogProps {
  owner: PictureOwner;
  /** Object URL of the checked picture, or null when none is chosen. */
  image: string | null;
  /** Called whenever the dialog closes (saved, cancelled or failed), so the caller can free the image. */
  onClosed(): void;
  /** Crops the picture; replaceable in tests (jsdom has no canvas). */
  crop?: (url: string, area: Area) => Promise<Blob>;
}

/**
 * The picture crop dialog (SPEC.md §2 "crop Image"): drag to position, zoom 1 to 3 in steps of
 * 0.1, square aspect; Save crops in the browser and uploads the square as multipart field `file`.
 * On failure the cropper clears (SPEC.md §8).
 */
export function PictureCropDialog({ owner, image, onClosed, crop = cropImage }: PictureCropDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(PROFILE_MODALS.crop);
  const upload = useUploadProfilePicture(owner);
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [cropping, setCropping] = useState(false);

  // A new picture starts centred and unzoomed.
  useEffect(() => {
    if (!image) return;
    setPosition({ x: 0, y: 0 });
    setZoom(CROP_ZOOM.min);
    setArea(null);
  }, [image]);

  function close() {
    modals.closeAll();
    onClosed();
  }

  async function save() {
    if (!image || !area) return;
    setCropping(true);
    let blob: Blob;
    try {
      blob = await crop(image, area);
    } catch {
      setCropping(false);
      toast.error(t('profiles.cropFailed'));
      close();
      return;
    }
    try {
      await upload.mutateAsync(blob);
      toast.success(t('profiles.imageChanged'));
    } catch (error) {
      toast.error(errorText(t, error));
    } finally {
      setCropping(false);
      close();
    }
  }

  const busy = cropping || upload.isPending;

  return (
    <Dialog
      open={binding.open}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      title={<span className="inline-block first-letter:uppercase">{t('profileScreens.crop.title')}</span>}
      description={t('profileScreens.crop.description')}
      size="md"
    >
      <div className="flex flex-col gap-4">
        <div className="relative h-72 w-full overflow-hidden rounded-xl bg-slate-900 sm:h-80">
          {image ? (
            <Cropper
              image={image}
              crop={position}
              zoom={zoom}
              minZoom={CROP_ZOOM.min}
              maxZoom={CROP_ZOOM.max}
              aspect={1}
              cropShape="rect"
              showGrid
              onCropChange={setPosition}
              onZoomChange={(next) => setZoom(Math.round(next * 10) / 10)}
              onCropComplete={(_, pixels) => setArea(pixels)}
              cropperProps={{ role: 'application', 'aria-label': t('profileScreens.crop.area') }}
            />
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <label htmlFor="crop-zoom" className="text-sm font-medium">
            {t('profileScreens.crop.zoom')}
          </label>
          <input
            id="crop-zoom"
            type="range"
            min={CROP_ZOOM.min}
            max={CROP_ZOOM.max}
            step={CROP_ZOOM.step}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            aria-valuetext={`${zoom.toFixed(1)}×`}
            className="flex-1 accent-brand-700"
          />
          <output htmlFor="crop-zoom" className="w-10 text-right text-sm text-slate-600 tabular-nums">
            {`${zoom.toFixed(1)}×`}
          </output>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={busy} disabled={!area}>
            {t('profileScreens.crop.save')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
