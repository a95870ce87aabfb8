import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '#app/lib/error-text';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useChooseAvatar } from '../api/choose-avatar';
import { useAvatars } from '../api/list-avatars';
import { PROFILE_MODALS } from '../lib/modals';

export interface AvatarPickerProps {
  /** The client's current avatar, preselected. */
  currentAvatarId: string | null;
}

/**
 * The avatar picker (SPEC.md §2, header "SELECT AN AVATAR"): a grid of avatars as radio buttons,
 * Save and Cancel. Saving without a choice says "please select an Avatar" (SPEC.md §5).
 */
export function AvatarPicker({ currentAvatarId }: AvatarPickerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(PROFILE_MODALS.avatar);
  const avatars = useAvatars(binding.open);
  const choose = useChooseAvatar();
  const [selected, setSelected] = useState<string | null>(currentAvatarId);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const errorId = `${name}-error`;

  // Each opening starts from the current avatar.
  useEffect(() => {
    if (binding.open) {
      setSelected(currentAvatarId);
      setError(null);
    }
  }, [binding.open, currentAvatarId]);

  async function save() {
    if (!selected) {
      setError(t('profiles.selectAvatar'));
      return;
    }
    try {
      await choose.mutateAsync(selected);
      toast.success(t('profiles.imageChanged'));
      modals.closeAll();
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
  }

  return (
    <Dialog {...binding} title={t('profileScreens.avatar.title')} size="md">
      <div className="flex flex-col gap-4">
        {avatars.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : avatars.isError ? (
          <div className="flex flex-col items-center gap-3 py-6 text-sm text-slate-700">
            <p role="alert">{t('common.failedToLoad')}</p>
            <Button variant="secondary" onClick={() => avatars.refetch()}>
              {t('profileScreens.retry')}
            </Button>
          </div>
        ) : (
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="sr-only">{t('profileScreens.avatar.title')}</legend>
            <div className="grid grid-cols-3 gap-3 sm:grid-cols-4">
              {avatars.data.map((avatar, index) => {
                const checked = selected === avatar.identifier;
                return (
                  <label
                    key={avatar.identifier}
                    className={cn(
                      'relative flex cursor-pointer items-center justify-center rounded-2xl border-2 p-1.5 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      checked ? 'border-brand-700 bg-brand-50' : 'border-transparent hover:border-slate-300',
                    )}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={avatar.identifier}
                      checked={checked}
                      onChange={() => {
                        setSelected(avatar.identifier);
                        setError(null);
                      }}
                      className="sr-only"
                    />
                    <img
                      src={avatar.photoUrl}
                      alt={t('profileScreens.avatar.option', { index: index + 1 })}
                      className="aspect-square w-full rounded-full"
                      width={96}
                      height={96}
                    />
                    {checked ? (
                      <span
                        aria-hidden="true"
                        className="absolute top-1 right-1 flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 text-xs text-white"
                      >
                        ✓
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => modals.closeAll()} disabled={choose.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={choose.isPending} disabled={!avatars.data}>
            {t('common.save')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
