import type { LegalPage } from '@app/shared/legal';
import type { ReactNode } from 'react';
import { paths } from '#app/lib/paths';
import { useLang } from '#app/lib/use-lang';
import { cn } from './cn';

/**
 * A link to one of the legal pages in the reader's language, from inside a sentence (the sign-up
 * checkbox, the consent banner). It opens in a new tab: following it must not lose a half-filled
 * form or the banner's choice, and a plain anchor does not need a router around a form.
 */
export function LegalLink({
  page,
  className,
  children,
}: {
  page: LegalPage;
  className?: string;
  children?: ReactNode;
}) {
  const lang = useLang();
  return (
    <a
      href={paths.legal(lang, page)}
      target="_blank"
      rel="noopener"
      className={cn('font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800', className)}
    >
      {children}
    </a>
  );
}
