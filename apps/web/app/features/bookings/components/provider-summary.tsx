import type { ReactNode } from 'react';
import { PersonAvatar } from '#app/ui/person-avatar';

/** The therapist beside a booking step: photo, name, headline and whatever the step adds. */
export function ProviderSummary({
  name,
  photo,
  headline,
  title,
  children,
}: {
  name: string;
  /** "Dr", shown before the name. */
  title?: string | null;
  photo: string | null;
  headline?: string | null;
  children?: ReactNode;
}) {
  return (
    <aside className="flex h-fit flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <PersonAvatar name={name} photo={photo} />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{title ? `${title} ${name}` : name}</p>
          {headline ? <p className="text-sm text-slate-600">{headline}</p> : null}
        </div>
      </div>
      {children}
    </aside>
  );
}
