import { DELETE_MESSAGE_DELAY_MS, type Message } from '@app/shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useToast } from '#app/ui/toast';
import { useDeleteMessage } from '../api/delete-message';
import { touchChatLists, upsertThreadMessage } from '../lib/cache';

export const DELETE_MESSAGE_MODAL = 'deleteMessage';

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    deleteMessage: undefined;
  }
}

/** The delete-message modal (SPEC.md §2); deleting waits 300 ms (SPEC.md §9) before the call. */
export function DeleteMessageDialog({
  message,
  open,
  onOpenChange,
}: {
  message: Message | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toast = useToast();
  const remove = useDeleteMessage();
  const [waiting, setWaiting] = useState(false);
  const confirm = async () => {
    if (!message) return;
    setWaiting(true);
    await new Promise((resolve) => setTimeout(resolve, DELETE_MESSAGE_DELAY_MS));
    remove.mutate(message.identifier, {
      onSuccess: (deleted) => {
        upsertThreadMessage(client, deleted);
        touchChatLists(client, deleted, { isNew: false, unread: false });
        toast.success(t('messages.deletedToast'));
        onOpenChange(false);
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setWaiting(false),
    });
  };
  return (
    <Dialog open={open && message !== null} onOpenChange={onOpenChange} title={t('messages.deleteTitle')}>
      <p className="text-sm text-slate-700">{t('messages.deleteBody')}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('messages.cancel')}
        </Button>
        <Button variant="danger" loading={waiting || remove.isPending} onClick={() => void confirm()}>
          {t('messages.deleteConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}
