import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { richText } from '#app/lib/rich-text';
import { cn } from '#app/ui/cn';
import { FieldMessages, fieldMessageIds } from '#app/ui/field';
import { LegalLink } from '#app/ui/legal-link';

/**
 * The "agree to terms" checkbox of both sign-up forms, its error linked and announced. The label
 * links the terms; the privacy notice is linked on a line under it, outside the label, so
 * following that link never ticks the box.
 */
export const TermsCheckbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string }>(
  function TermsCheckbox({ error, id, className, ...rest }, ref) {
    const { t } = useTranslation();
    const generated = useId();
    const inputId = id ?? generated;
    const { errorId } = fieldMessageIds(inputId);
    return (
      <div className={cn('flex flex-col gap-1', className)}>
        <label htmlFor={inputId} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
            {...rest}
          />
          <span>
            {richText(t('accounts.signup.agree'), {
              terms: (words) => <LegalLink page="terms">{words}</LegalLink>,
            })}
          </span>
        </label>
        <p className="ml-7 text-xs text-slate-600">
          {richText(t('accounts.signup.privacyHint'), {
            privacy: (words) => <LegalLink page="privacy">{words}</LegalLink>,
          })}
        </p>
        <FieldMessages id={inputId} error={error} />
      </div>
    );
  },
);
