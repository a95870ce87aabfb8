import type { ReactNode } from 'react';

/** The centred card of the public account pages (sign in, sign up, reset, verify). */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className={wide ? 'mx-auto max-w-xl' : 'mx-auto max-w-md'}>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-4 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </main>
  );
}

/** A short status panel inside the card (sent, confirmed, failed). */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error' | 'info';
  title?: ReactNode;
  children: ReactNode;
}) {
  const tones = {
    success: 'border-green-200 bg-green-50 text-green-900',
    error: 'border-red-200 bg-red-50 text-red-900',
    info: 'border-brand-100 bg-brand-50 text-brand-800',
  } as const;
  return (
    <div className={`rounded-xl border p-4 text-sm ${tones[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? 'mt-1' : undefined}>{children}</div>
    </div>
  );
}
