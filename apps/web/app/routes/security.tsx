import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '#app/api/use-user-info';
import { CHANGE_EMAIL_MODAL, ChangeEmailDialog } from '#app/features/auth/components/change-email-dialog';
import { ChangePasswordForm } from '#app/features/auth/components/change-password-form';
import { DELETE_ACCOUNT_MODAL, DeleteAccountDialog } from '#app/features/auth/components/delete-account-dialog';
import { SocialPasswordNote } from '#app/features/auth/components/social-password-note';

import { CalendarFeedSection } from '#app/features/calendar-feeds/components/calendar-feed-section';
import { DataExportSection } from '#app/features/data-rights/components/data-export-section';
import { useSession } from '#app/lib/use-session';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';

function Section({
  id,
  title,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <section
      aria-labelledby={id}
      className={
        tone === 'danger'
          ? 'rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6'
          : 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'
      }
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * /security: change password, change email (code by email), the private calendar feed address,
 * download your data, delete account (clients).
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = useUserInfo();
  const modals = useModals();
  const role = user.data?.role ?? session?.role ?? 'client';

  return (
    <>
      <title>{`${t('accounts.security.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('accounts.security.title')}</h1>
      <p className="mt-1 text-slate-600">{t('accounts.security.intro')}</p>

      <div className="mt-6 flex max-w-3xl flex-col gap-6">
        <Section id="change-password-title" title={t('accounts.security.passwordTitle')}>
          {user.data?.isSocial ? <SocialPasswordNote /> : <ChangePasswordForm />}
        </Section>

        <Section id="email-title" title={t('accounts.security.emailTitle')}>
          {user.isPending ? (
            <Spinner />
          ) : user.isError ? (
            <div className="flex flex-wrap items-center gap-3" role="alert">
              <p className="text-sm text-red-700">{t('common.failedToLoad')}</p>
              <Button variant="secondary" onClick={() => user.refetch()}>
                {t('accounts.security.retry')}
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700" data-testid="current-email">
                {t('accounts.security.emailCurrent', { email: user.data.email })}
              </p>
              <Button variant="secondary" onClick={() => modals.open(CHANGE_EMAIL_MODAL)}>
                {t('accounts.security.emailChange')}
              </Button>
            </div>
          )}
        </Section>

        {role === 'client' || role === 'provider' ? (
          <Section id="calendar-feed-title" title={t('accounts.security.calendarFeed.title')}>
            <CalendarFeedSection />
          </Section>
        ) : null}

        <Section id="data-export-title" title={t('hardening.dataExport.title')}>
          <DataExportSection />
        </Section>

        {role === 'client' || role === 'provider' ? (
          <Section id="delete-title" title={t('accounts.security.deleteTitle')} tone="danger">
            <p className="text-sm text-slate-700">
              {t(role === 'provider' ? 'accounts.security.deleteTextProvider' : 'accounts.security.deleteText')}
            </p>
            <Button
              variant="danger"
              className="mt-4"
              disabled={!user.data}
              onClick={() => modals.open(DELETE_ACCOUNT_MODAL)}
            >
              {t('accounts.security.deleteOpen')}
            </Button>
          </Section>
        ) : null}
      </div>

      <ChangeEmailDialog role={role} />
      {(role === 'client' || role === 'provider') && user.data ? (
        <DeleteAccountDialog isSocial={user.data.isSocial} />
      ) : null}
    </>
  );
}
