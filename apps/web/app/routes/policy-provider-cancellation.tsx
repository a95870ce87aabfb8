import { PolicyPage } from '#app/features/bookings/components/policy-page';

/** /policy/provider-cancellation/ (public). */
export default function ProviderCancellationPolicy() {
  return <PolicyPage party="provider" />;
}
