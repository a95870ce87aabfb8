import type { ClientProfile, ClientRelation } from '@app/shared/schemas/clients';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateOf } from '#app/lib/format';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { PersonAvatar } from '#app/ui/person-avatar';
import { clientName } from './client-name';

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * The head of a client's page: who they are, how they are the provider's client, and the
 * actions: "Message" (the route passes the messages feature's button) and "Book a session",
 * both only for a client with an account.
 */
export function ClientOverview({
  profile,
  relation,
  messageButton,
  onBook,
}: {
  profile: ClientProfile;
  relation: ClientRelation;
  messageButton: ReactNode;
  onBook(): void;
}) {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  const name = profile.deleted ? t('clients.deletedClient') : clientName(profile);
  const date = (instant: string | null) => (instant && zone ? shortDateOf(instant, zone, i18n.language) : '');
  const facts: Array<[string, string | null]> = [
    [t('clients.page.email'), profile.email],
    [t('clients.page.phone'), profile.phoneNumber],
    [t('clients.page.timezone'), profile.timezone],
    [t('clients.page.country'), profile.countryCode],
  ];
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-4">
        <PersonAvatar name={name} photo={profile.photoUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-semibold">{name}</h1>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {relation.booked ? (
              <span className={`${badge} bg-brand-50 text-brand-800`}>{t('clients.booked')}</span>
            ) : null}
            {relation.imported ? (
              <span className={`${badge} bg-slate-100 text-slate-700`}>{t('clients.page.importedBadge')}</span>
            ) : null}
            {!profile.hasAccount ? (
              <span className={`${badge} bg-amber-50 text-amber-900`}>{t('clients.page.noAccountBadge')}</span>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {t('clients.page.sessionsCount', { count: relation.sessionsCount })}
            {relation.imported
              ? ` · ${relation.invitedAt ? t('clients.page.invitedOn', { date: date(relation.invitedAt) }) : t('clients.page.notInvited')}`
              : ''}
          </p>
        </div>
        {relation.canMessage ? messageButton : null}
        {relation.canBook ? (
          <Button variant="secondary" onClick={onBook} className="w-full sm:w-auto" data-testid="book-for-client">
            {t('clients.page.book')}
          </Button>
        ) : null}
      </div>
      {!relation.canBook ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('clients.page.bookUnavailable')}</p>
      ) : null}
      <section
        aria-labelledby="client-profile"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="client-profile" className="mb-3 text-lg font-semibold">
          {t('clients.page.profile')}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
        </dl>
      </section>
    </div>
  );
}
