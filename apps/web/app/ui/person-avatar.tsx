import { cn } from './cn';

/** A round photo, or the initials on a brand circle when there is none. Decorative: the name is always beside it. */
export function PersonAvatar({
  name,
  photo,
  size = 'md',
  className,
}: {
  name: string;
  photo: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const sizes = { sm: 'h-10 w-10 text-sm', md: 'h-14 w-14 text-lg', lg: 'h-24 w-24 text-3xl' } as const;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        loading="lazy"
        className={cn('shrink-0 rounded-full object-cover ring-2 ring-white', sizes[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 ring-2 ring-white',
        sizes[size],
        className,
      )}
    >
      {initials || '?'}
    </span>
  );
}
