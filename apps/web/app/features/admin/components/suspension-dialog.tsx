import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useChangeSuspension } from '../api/change-suspension';
import { ADMIN_MODALS } from '../lib/modals';
import { personName } from './people';

/** Confirms a suspension (what it does, in full) or a reactivation. */
export function SuspensionDialog() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(ADMIN_MODALS.suspension);
  const props = modals.propsOf(ADMIN_MODALS.suspension);
  const change = useChangeSuspension();
  if (!props) return null;
  const name = personName(t, props.user);
  const suspend = props.change === 'suspend';

  const confirm = async () => {
    try {
      const answer = await change.mutateAsync({ userId: props.user.identifier, change: props.change });
      toast.success(answer.message);
      modals.closeAll();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Dialog
      {...binding}
      title={t(suspend ? 'admin.users.suspendTitle' : 'admin.users.reactivateTitle', { name })}
      description={t(suspend ? 'admin.users.suspendText' : 'admin.users.reactivateText')}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('admin.common.cancel')}
        </Button>
        <Button variant={suspend ? 'danger' : 'primary'} loading={change.isPending} onClick={confirm}>
          {t(suspend ? 'admin.users.suspend' : 'admin.users.reactivate')}
        </Button>
      </div>
    </Dialog>
  );
}
