import { useEffect, useRef } from 'react';
import { cn } from '#app/ui/cn';
import { PersonAvatar } from '#app/ui/person-avatar';

export interface VideoTileProps {
  stream: MediaStream | null;
  /** The viewer's own picture: mirrored and silent (no echo). */
  self?: boolean;
  /** Show the person's initials instead (camera off, nothing received yet). */
  showVideo: boolean;
  name: string;
  photo: string | null;
  label: string;
  /** Sizing and positioning; give it `relative` or `absolute` (the avatar is laid over the video). */
  className?: string;
  testId?: string;
  /** Fit the whole picture (a shared screen) rather than fill the tile. */
  contain?: boolean;
}

/** One picture of the room: a video bound to a stream, or the person's avatar when there is none. */
export function VideoTile({ stream, self, showVideo, name, photo, label, className, testId, contain }: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    // Autoplay may be refused until the page was touched; the element's own autoplay retries.
    if (stream) void Promise.resolve(element.play?.()).catch(() => {});
  }, [stream]);
  return (
    <figure className={cn('m-0 overflow-hidden bg-slate-900', className)} aria-label={label}>
      <video
        ref={video}
        autoPlay
        playsInline
        muted={self}
        data-testid={testId}
        className={cn(
          'h-full w-full',
          contain ? 'object-contain' : 'object-cover',
          self && !contain && '-scale-x-100',
          !showVideo && 'invisible',
        )}
      />
      {showVideo ? null : (
        <div className="absolute inset-0 flex items-center justify-center">
          <PersonAvatar name={name} photo={photo} size="lg" />
        </div>
      )}
    </figure>
  );
}
