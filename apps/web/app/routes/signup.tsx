import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { ClientSignupForm } from '#app/features/auth/components/client-signup-form';
import { GoogleButton, OrDivider } from '#app/features/auth/components/google-button';
import { SignupPage } from '#app/features/auth/components/signup-page';
import { innerPaths } from '#app/lib/paths-inner';
import { richText } from '#app/lib/rich-text';
import { useLocaleData } from '#app/lib/shell-data';
import { LegalLink } from '#app/ui/legal-link';
import type { Route } from './+types/signup';

/** Whether to offer "Continue with Google" (configured on the server). */
export function loader({ context }: Route.LoaderArgs) {
  return { google: context.services.googleSignIn };
}

/** SPEC.md §5 "Sign up (client)", then "check your email". */
export default function ClientSignupPage() {
  const { t } = useTranslation();
  const { google } = useLoaderData<typeof loader>();
  const { shell } = useLocaleData();
  const countries = shell.countries.filter((country) => country.operating);
  const visitor = shell.visitorCountry;
  const defaultCountry = visitor?.operating ? visitor.identifier : undefined;
  return (
    <SignupPage
      section="accounts.signup"
      wide
      other={{
        prompt: 'accounts.signup.providerPrompt',
        label: 'accounts.signup.providerLink',
        page: innerPaths.signupProvider,
      }}
      form={(onRegistered) => (
        <>
          {google ? (
            <>
              <GoogleButton
                note={richText(t('google.signupTerms'), {
                  terms: (words) => <LegalLink page="terms">{words}</LegalLink>,
                })}
              />
              <OrDivider />
            </>
          ) : null}
          <ClientSignupForm countries={countries} defaultCountry={defaultCountry} onRegistered={onRegistered} />
        </>
      )}
    />
  );
}
