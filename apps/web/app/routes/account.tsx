import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useVerificationNote } from '#app/features/credentials/api/get-verification-note';
import { useClientProfile } from '#app/features/profiles/api/get-client-profile';
import { useProviderProfile } from '#app/features/profiles/api/get-provider-profile';
import { BillingDetailsForm } from '#app/features/profiles/components/billing-details-form';
import { ClientProfileForm } from '#app/features/profiles/components/client-profile-form';
import { EmergencyContactForm } from '#app/features/profiles/components/emergency-contact-form';
import { FeeCard } from '#app/features/profiles/components/fee-card';
import { LicenseStatesCard } from '#app/features/profiles/components/license-states-card';
import { ProfilePictureCard } from '#app/features/profiles/components/profile-picture-card';
import { ProviderProfileForm } from '#app/features/profiles/components/provider-profile-form';
import { ProviderSetupPanel } from '#app/features/profiles/components/setup-panel';
import { ListingChecklist } from '#app/ui/listing-checklist';
import { LoadGate } from '#app/ui/load-gate';
import type { Route } from './+types/account';

/** /account/: profile update for clients and providers (SPEC.md §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await requireSession(request, ['client', 'provider']);
  return { role: session.role };
}

const fullName = (first: string | null, last: string | null, fallback: string) =>
  [first, last].filter(Boolean).join(' ') || fallback;

function ClientAccount() {
  const profile = useClientProfile();
  return (
    <LoadGate query={profile}>
      {(data) => (
        <div className="grid items-start gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <ProfilePictureCard
            owner="client"
            photoUrl={data.photoUrl}
            avatarIdentifier={data.avatarIdentifier}
            name={fullName(data.firstName, data.lastName, data.userName ?? data.email)}
          />
          <div className="flex min-w-0 flex-col gap-6">
            <ClientProfileForm profile={data} />
            <EmergencyContactForm contact={data.emergencyContact} />
          </div>
        </div>
      )}
    </LoadGate>
  );
}

/** The listing rule's checklist, from the verification note (nothing while it loads). */
function ReadyToGoLive() {
  const note = useVerificationNote();
  if (!note.data || note.data.listingMissing.length === 0) return null;
  return <ListingChecklist missing={note.data.listingMissing} audience="provider" className="mb-6" />;
}

function ProviderAccount() {
  const profile = useProviderProfile();
  return (
    <>
      <ReadyToGoLive />
      <ProviderSetupPanel className="mb-6" />
      <LoadGate query={profile}>
        {(data) => (
          <div className="grid items-start gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
            <div className="flex flex-col gap-6">
              <ProfilePictureCard
                owner="provider"
                photoUrl={data.profileInfo.photo}
                name={fullName(data.profileInfo.firstName, data.profileInfo.lastName, data.profileInfo.email)}
              />
              <FeeCard profile={data} />
              <LicenseStatesCard />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <ProviderProfileForm profile={data} />
              <BillingDetailsForm />
            </div>
          </div>
        )}
      </LoadGate>
    </>
  );
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('appNav.account')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('profileScreens.account.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t(`profileScreens.account.intro.${loaderData.role}`)}</p>
      {loaderData.role === 'client' ? <ClientAccount /> : <ProviderAccount />}
    </>
  );
}
