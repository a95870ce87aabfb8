import { ClientSignupForm } from '#app/features/auth/client-signup-form';
import { SignupPage } from '#app/features/auth/signup-page';

/** SPEC.md §5 "Sign up (client)", then "check your email". */
export default function ClientSignupPage() {
  return (
    <SignupPage
      section="accounts.signup"
      wide
      other={{
        prompt: 'accounts.signup.providerPrompt',
        label: 'accounts.signup.providerLink',
        path: '/signup/provider/',
      }}
      form={(onRegistered) => <ClientSignupForm onRegistered={onRegistered} />}
    />
  );
}
