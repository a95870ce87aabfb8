import { cn } from '#app/ui/cn';

const SIZES = { sm: 'h-10 w-10 text-sm', lg: 'h-32 w-32 text-3xl' } as const;

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '');
  return letters.join('') || '?';
}

/** A round picture, or the person's initials when there is none. */
export function ProfileAvatar({
  photoUrl,
  name,
  alt,
  size = 'sm',
}: {
  photoUrl: string | null;
  name: string;
  alt: string;
  size?: keyof typeof SIZES;
}) {
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt={alt}
        className={cn('shrink-0 rounded-full bg-slate-100 object-cover ring-4 ring-brand-50', SIZES[size])}
        data-testid="profile-picture"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 ring-4 ring-brand-50',
        SIZES[size],
      )}
      data-testid="profile-picture-placeholder"
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
