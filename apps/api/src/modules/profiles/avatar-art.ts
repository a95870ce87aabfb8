/**
 * The avatar set a client can pick from (SPEC.md §3 "Avatar"): twelve friendly faces drawn
 * as SVG here and rendered to WebP with sharp the first time one is requested.
 */

type Hair = 'afro' | 'short' | 'long' | 'bun' | 'none' | 'wrap' | 'braids' | 'curly';
type Mouth = 'smile' | 'grin' | 'soft';

const BROW = '#2b1d14';

interface AvatarDesign {
  key: string;
  background: string;
  accent: string;
  skin: string;
  hair: Hair;
  hairColour: string;
  shirt: string;
  mouth: Mouth;
  glasses?: boolean;
  beard?: boolean;
}

export const AVATAR_DESIGNS: readonly AvatarDesign[] = [
  {
    key: 'avatar-01',
    background: '#ffd166',
    accent: '#ffe7a3',
    skin: '#8d5524',
    hair: 'afro',
    hairColour: '#1f1410',
    shirt: '#118ab2',
    mouth: 'smile',
  },
  {
    key: 'avatar-02',
    background: '#06d6a0',
    accent: '#8ff0d2',
    skin: '#c68642',
    hair: 'wrap',
    hairColour: '#ef476f',
    shirt: '#073b4c',
    mouth: 'grin',
  },
  {
    key: 'avatar-03',
    background: '#118ab2',
    accent: '#7cc6df',
    skin: '#f1c27d',
    hair: 'short',
    hairColour: '#6b3e1f',
    shirt: '#ffd166',
    mouth: 'smile',
    glasses: true,
  },
  {
    key: 'avatar-04',
    background: '#ef476f',
    accent: '#f7a1b5',
    skin: '#5c3a21',
    hair: 'braids',
    hairColour: '#120c08',
    shirt: '#06d6a0',
    mouth: 'soft',
  },
  {
    key: 'avatar-05',
    background: '#8338ec',
    accent: '#c29df6',
    skin: '#ffdbac',
    hair: 'long',
    hairColour: '#d9a441',
    shirt: '#ff006e',
    mouth: 'grin',
  },
  {
    key: 'avatar-06',
    background: '#fb5607',
    accent: '#fdab83',
    skin: '#3b2219',
    hair: 'none',
    hairColour: '#120c08',
    shirt: '#3a86ff',
    mouth: 'smile',
    beard: true,
  },
  {
    key: 'avatar-07',
    background: '#3a86ff',
    accent: '#9cc3ff',
    skin: '#e0ac69',
    hair: 'bun',
    hairColour: '#2c1b10',
    shirt: '#ffbe0b',
    mouth: 'soft',
    glasses: true,
  },
  {
    key: 'avatar-08',
    background: '#2ec4b6',
    accent: '#97e2db',
    skin: '#a0522d',
    hair: 'curly',
    hairColour: '#24160d',
    shirt: '#e71d36',
    mouth: 'grin',
  },
  {
    key: 'avatar-09',
    background: '#ff9f1c',
    accent: '#ffcf8d',
    skin: '#8d5524',
    hair: 'short',
    hairColour: '#120c08',
    shirt: '#2ec4b6',
    mouth: 'smile',
    beard: true,
  },
  {
    key: 'avatar-10',
    background: '#e76f51',
    accent: '#f3b7a8',
    skin: '#f1c27d',
    hair: 'curly',
    hairColour: '#8b3a1a',
    shirt: '#264653',
    mouth: 'smile',
  },
  {
    key: 'avatar-11',
    background: '#9b5de5',
    accent: '#cdaef2',
    skin: '#5c3a21',
    hair: 'wrap',
    hairColour: '#f15bb5',
    shirt: '#fee440',
    mouth: 'smile',
    glasses: true,
  },
  {
    key: 'avatar-12',
    background: '#00bbf9',
    accent: '#80ddfc',
    skin: '#c68642',
    hair: 'afro',
    hairColour: '#3b2314',
    shirt: '#f15bb5',
    mouth: 'grin',
  },
];

/** Bumped whenever the artwork changes: image URLs are cached as immutable for a year. */
export const AVATAR_ART_VERSION = 1;

/** Storage key of an avatar's image. */
export function avatarStorageKey(key: string): string {
  return `avatars/${key}-v${AVATAR_ART_VERSION}.webp`;
}

/** A darker shade of a #rrggbb colour (neck, ears, outlines). */
function shade(hex: string, factor: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((value >> shift) & 255) * factor)));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

function hairBehind(design: AvatarDesign): string {
  const c = design.hairColour;
  switch (design.hair) {
    case 'afro':
      return `<circle cx="128" cy="96" r="78" fill="${c}"/>`;
    case 'long':
      return `<path d="M66 112 C62 40 194 40 190 112 L198 204 C170 214 86 214 58 204 Z" fill="${c}"/>`;
    case 'braids':
      return `<path d="M70 110 C66 44 190 44 186 110 L190 210 L66 210 Z" fill="${c}"/>${[78, 92, 164, 178]
        .map((x) => `<line x1="${x}" y1="120" x2="${x}" y2="206" stroke="${shade(c, 2.2)}" stroke-width="3"/>`)
        .join('')}`;
    case 'curly':
      return [60, 84, 108, 132, 156, 180, 196]
        .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 64 : 80}" r="24" fill="${c}"/>`)
        .concat(`<circle cx="70" cy="112" r="20" fill="${c}"/><circle cx="186" cy="112" r="20" fill="${c}"/>`)
        .join('');
    case 'bun':
      return `<circle cx="128" cy="38" r="24" fill="${c}"/>`;
    default:
      return '';
  }
}

function hairFront(design: AvatarDesign): string {
  const c = design.hairColour;
  switch (design.hair) {
    case 'afro':
      return `<path d="M72 106 C66 24 190 24 184 106 C166 78 90 78 72 106 Z" fill="${c}"/>`;
    case 'short':
    case 'bun':
    case 'curly':
      return `<path d="M72 112 C62 22 194 22 184 112 C176 82 150 72 128 74 C106 72 80 82 72 112 Z" fill="${c}"/>`;
    case 'long':
    case 'braids':
      return `<path d="M72 114 C62 24 194 24 184 114 C164 90 142 76 128 74 C114 90 96 102 72 114 Z" fill="${c}"/>`;
    case 'wrap':
      // A head wrap (gele): folds of cloth above the forehead.
      return `<path d="M66 92 C60 30 196 30 190 92 C170 70 86 70 66 92 Z" fill="${c}"/><path d="M92 48 C120 10 170 20 176 56 C150 40 118 40 92 48 Z" fill="${shade(c, 0.8)}"/><circle cx="184" cy="80" r="14" fill="${shade(c, 0.85)}"/>`;
    default:
      return '';
  }
}

function mouth(design: AvatarDesign): string {
  switch (design.mouth) {
    case 'grin':
      return '<path d="M106 138 Q128 164 150 138 Z" fill="#5a1e1e"/><path d="M110 140 Q128 148 146 140 Z" fill="#ffffff"/>';
    case 'soft':
      return '<path d="M114 142 Q128 150 142 142" stroke="#5a1e1e" stroke-width="4" fill="none" stroke-linecap="round"/>';
    default:
      return '<path d="M106 138 Q128 158 150 138" stroke="#5a1e1e" stroke-width="5" fill="none" stroke-linecap="round"/>';
  }
}

/** The SVG markup of one avatar (256×256). */
export function avatarSvg(design: AvatarDesign): string {
  const skinShade = shade(design.skin, 0.85);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">`,
    `<rect width="256" height="256" fill="${design.background}"/>`,
    `<circle cx="36" cy="44" r="26" fill="${design.accent}" opacity="0.7"/>`,
    `<circle cx="224" cy="200" r="40" fill="${design.accent}" opacity="0.6"/>`,
    `<circle cx="214" cy="36" r="10" fill="${design.accent}"/>`,
    hairBehind(design),
    `<path d="M40 256 C40 196 84 172 128 172 C172 172 216 196 216 256 Z" fill="${design.shirt}"/>`,
    `<path d="M104 176 L128 204 L152 176 Z" fill="${shade(design.shirt, 0.8)}"/>`,
    `<rect x="110" y="146" width="36" height="36" rx="12" fill="${skinShade}"/>`,
    `<ellipse cx="74" cy="116" rx="10" ry="14" fill="${skinShade}"/>`,
    `<ellipse cx="182" cy="116" rx="10" ry="14" fill="${skinShade}"/>`,
    `<ellipse cx="128" cy="110" rx="54" ry="60" fill="${design.skin}"/>`,
    design.beard
      ? `<path d="M76 118 C80 176 176 176 180 118 C170 150 150 160 128 160 C106 160 86 150 76 118 Z" fill="${design.hairColour}"/>`
      : '',
    hairFront(design),
    `<ellipse cx="106" cy="112" rx="6" ry="7" fill="#231815"/>`,
    `<ellipse cx="150" cy="112" rx="6" ry="7" fill="#231815"/>`,
    `<circle cx="108" cy="110" r="2" fill="#ffffff"/><circle cx="152" cy="110" r="2" fill="#ffffff"/>`,
    `<path d="M96 98 Q106 92 116 98" stroke="${BROW}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<path d="M140 98 Q150 92 160 98" stroke="${BROW}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="92" cy="130" rx="10" ry="6" fill="#ff7b7b" opacity="0.35"/>`,
    `<ellipse cx="164" cy="130" rx="10" ry="6" fill="#ff7b7b" opacity="0.35"/>`,
    `<path d="M128 116 Q122 128 130 130" stroke="${shade(design.skin, 0.7)}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    mouth(design),
    design.glasses
      ? '<g fill="none" stroke="#1b1b1b" stroke-width="4"><circle cx="106" cy="112" r="15"/><circle cx="150" cy="112" r="15"/><path d="M121 112 L135 112"/></g>'
      : '',
    '</svg>',
  ];
  return parts.join('');
}

export function findAvatarDesign(key: string): AvatarDesign | undefined {
  return AVATAR_DESIGNS.find((design) => design.key === key);
}
