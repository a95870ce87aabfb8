import { ProviderReview } from '#app/features/admin/components/provider-review';
import type { Route } from './+types/admin-provider';

/** /admin/providers/:providerId/: the dossier, document preview and the decision. */
export default function AdminProviderPage({ params }: Route.ComponentProps) {
  return <ProviderReview key={params.providerId} providerId={params.providerId} />;
}
