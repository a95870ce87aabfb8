import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '#app/ui/button';
import { useHydrated } from '../hooks/use-hydrated';

export interface SignupFormFrameProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  registering: boolean;
  children: ReactNode;
}

/** A sign-up form's element and its full-width submit button, which works once the page is hydrated. */
export function SignupFormFrame({ label, submitLabel, onSubmit, registering, children }: SignupFormFrameProps) {
  const hydrated = useHydrated();
  return (
    <form noValidate method="post" onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={label}>
      {children}
      <Button type="submit" loading={registering} disabled={!hydrated} className="mt-2 w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
