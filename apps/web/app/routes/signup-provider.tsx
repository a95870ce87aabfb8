import { ProviderSignupForm } from '#app/features/auth/components/provider-signup-form';
import { SignupPage } from '#app/features/auth/components/signup-page';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';

/** SPEC.md §5 "Sign up (provider)", then "check your email". */
export default function ProviderSignupPage() {
  const { shell } = useLocaleData();
  const countries = shell.countries.filter((country) => country.operating);
  const visitor = shell.visitorCountry;
  const defaultCountry = visitor?.operating ? visitor.identifier : undefined;
  return (
    <SignupPage
      section="accounts.providerSignup"
      other={{
        prompt: 'accounts.providerSignup.clientPrompt',
        label: 'accounts.providerSignup.clientLink',
        page: paths.signup,
      }}
      form={(onRegistered) => (
        <ProviderSignupForm countries={countries} defaultCountry={defaultCountry} onRegistered={onRegistered} />
      )}
    />
  );
}
