import type { SVGProps } from 'react';

/** Small line icons for the room's controls (decorative: every control has a text label). */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MicIcon = ({ off }: { off?: boolean }) => (
  <Icon>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </Icon>
);

export const CameraIcon = ({ off }: { off?: boolean }) => (
  <Icon>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10l5-3v10l-5-3" />
    {off ? <path d="M3 3l18 18" /> : null}
  </Icon>
);

export const ScreenIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4M12 13V7M9 10l3-3 3 3" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" />
  </Icon>
);

export const LeaveIcon = () => (
  <Icon>
    <path d="M3 14c5-5 13-5 18 0l-2.5 2.5-3-2v-2.5c-2.4-.8-4.6-.8-7 0V14l-3 2z" />
  </Icon>
);

export const CheckIcon = ({ ok }: { ok: boolean }) => (
  <Icon width="18" height="18" strokeWidth="2.2">
    {ok ? <path d="M5 12l5 5 9-10" /> : <path d="M6 6l12 12M18 6L6 18" />}
  </Icon>
);
