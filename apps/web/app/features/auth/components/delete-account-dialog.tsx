import { CurrentPasswordSchema } from '@app/shared/schemas/auth';
import type { DeleteAccountAnswer } from '@app/shared/schemas/data-rights';
import { z } from '@app/shared/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useSignOut } from '../hooks/use-sign-out';
import { PasswordField } from './password-field';

export const DELETE_ACCOUNT_MODAL = 'deleteAccount';

const WithPassword = z.object({ password: CurrentPasswordSchema });
const WithoutPassword = z.object({ password: z.string().optional() });

/** SPEC.md §2 "Delete account" (clients): the password unless the account signed up socially. */
export function DeleteAccountDialog({ isSocial }: { isSocial: boolean }) {
  const { t } = useTranslation();
  const binding = useModalBinding(DELETE_ACCOUNT_MODAL);
  const { lang } = useLocaleData();
  const signOut = useSignOut();
  const [deleted, setDeleted] = useState<DeleteAccountAnswer | null>(null);
  // The server already ended every session of the account: leave without asking it again.
  const leave = () => signOut({ to: paths.home(lang), skipServer: true });
  if (deleted) {
    return (
      <Dialog
        {...binding}
        onOpenChange={(open) => (open ? binding.onOpenChange(open) : void leave())}
        title={t('hardening.deleted.title')}
        description={t('hardening.deleted.intro')}
      >
        <DeletedAccount answer={deleted} onDone={leave} />
      </Dialog>
    );
  }
  return (
    <Dialog {...binding} title={t('accounts.deleteAccount.title')} description={t('accounts.deleteAccount.text')}>
      <DeleteAccountForm isSocial={isSocial} onDeleted={setDeleted} />
    </Dialog>
  );
}

/** What the law made us keep, and why (the deletion's answer), then "Done" signs out. */
function DeletedAccount({ answer, onDone }: { answer: DeleteAccountAnswer; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="account-deleted">
      {answer.kept.length ? (
        <ul className="flex flex-col gap-3">
          {answer.kept.map((record) => (
            <li key={record.kind} className="rounded-xl border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">{record.title}</p>
              <p className="mt-1 text-slate-700">{record.reason}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t('hardening.deleted.nothingKept')}</p>
      )}
      <Button className="self-end" onClick={onDone}>
        {t('hardening.deleted.done')}
      </Button>
    </div>
  );
}

function DeleteAccountForm({
  isSocial,
  onDeleted,
}: {
  isSocial: boolean;
  onDeleted(answer: DeleteAccountAnswer): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(isSocial ? WithoutPassword : WithPassword),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await remove.mutateAsync(isSocial ? {} : { password: values.password });
      toast.success(answer.message || t('accounts.deleteAccount.deleted'));
      onDeleted(answer);
    } catch (error) {
      showServerError(error, { setError, fields: ['password'], toast, t });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {isSocial ? (
        <p className="text-sm text-slate-700">{t('accounts.deleteAccount.social')}</p>
      ) : (
        <PasswordField
          label={t('accounts.deleteAccount.password')}
          autoComplete="current-password"
          error={tMessage(t, errors.password?.message)}
          {...register('password')}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={remove.isPending}>
          {t('accounts.deleteAccount.confirm')}
        </Button>
      </div>
    </form>
  );
}

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    deleteAccount: undefined;
  }
}
