/**
 * Where someone in crisis can call, per country we serve, shown to a client whose answers on a
 * questionnaire mention thoughts of self-harm (never a diagnosis). One place, with the source of
 * each number and when it was last checked against it; a number is never typed anywhere else.
 * Names are the services' own and are not translated; `hours` and `kind` are words under
 * `forms.crisis.*`.
 */
export const CRISIS_COUNTRIES = ['NG', 'GB', 'US', 'DE'] as const;
export type CrisisCountry = (typeof CRISIS_COUNTRIES)[number];

export interface CrisisLine {
  name: string;
  /** As dialled in the country, with spaces; `tel` is the same for a link. */
  phone: string;
  tel: string;
  kind: 'emergency' | 'helpline' | 'text';
  hours: 'allDay' | 'limited';
  url: string | null;
  source: string;
  checkedAt: string;
}

export const CRISIS_LINES: Record<CrisisCountry, readonly CrisisLine[]> = {
  NG: [
    {
      name: 'Emergency services',
      phone: '112',
      tel: '112',
      kind: 'emergency',
      hours: 'allDay',
      url: null,
      source: 'https://findahelpline.com/countries/ng',
      checkedAt: '2026-11-29',
    },
    {
      name: 'Suicide Research and Prevention Initiative (SURPIN)',
      phone: '0908 021 7555',
      tel: '+2349080217555',
      kind: 'helpline',
      hours: 'allDay',
      url: null,
      source: 'https://findahelpline.com/countries/ng',
      checkedAt: '2026-11-29',
    },
  ],
  GB: [
    {
      name: 'Emergency services',
      phone: '999',
      tel: '999',
      kind: 'emergency',
      hours: 'allDay',
      url: null,
      source: 'https://www.nhs.uk/nhs-services/mental-health-services/where-to-get-urgent-help-for-mental-health/',
      checkedAt: '2026-11-29',
    },
    {
      name: 'Samaritans',
      phone: '116 123',
      tel: '116123',
      kind: 'helpline',
      hours: 'allDay',
      url: 'https://www.samaritans.org',
      source: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/',
      checkedAt: '2026-11-29',
    },
    {
      name: 'Shout (text SHOUT)',
      phone: '85258',
      tel: '85258',
      kind: 'text',
      hours: 'allDay',
      url: 'https://giveusashout.org',
      source: 'https://giveusashout.org/get-help/',
      checkedAt: '2026-11-29',
    },
  ],
  US: [
    {
      name: 'Emergency services',
      phone: '911',
      tel: '911',
      kind: 'emergency',
      hours: 'allDay',
      url: null,
      source: 'https://988lifeline.org',
      checkedAt: '2026-11-29',
    },
    {
      name: '988 Suicide & Crisis Lifeline (call or text)',
      phone: '988',
      tel: '988',
      kind: 'helpline',
      hours: 'allDay',
      url: 'https://988lifeline.org',
      source: 'https://988lifeline.org',
      checkedAt: '2026-11-29',
    },
  ],
  DE: [
    {
      name: 'Notruf',
      phone: '112',
      tel: '112',
      kind: 'emergency',
      hours: 'allDay',
      url: null,
      source: 'https://www.telefonseelsorge.de',
      checkedAt: '2026-11-29',
    },
    {
      name: 'TelefonSeelsorge',
      phone: '0800 111 0 111',
      tel: '+498001110111',
      kind: 'helpline',
      hours: 'allDay',
      url: 'https://www.telefonseelsorge.de',
      source: 'https://www.telefonseelsorge.de',
      checkedAt: '2026-11-29',
    },
    {
      name: 'TelefonSeelsorge',
      phone: '0800 111 0 222',
      tel: '+498001110222',
      kind: 'helpline',
      hours: 'allDay',
      url: 'https://www.telefonseelsorge.de',
      source: 'https://www.telefonseelsorge.de',
      checkedAt: '2026-11-29',
    },
  ],
};

export const isCrisisCountry = (value: string | null | undefined): value is CrisisCountry =>
  value != null && (CRISIS_COUNTRIES as readonly string[]).includes(value);

/**
 * The lines to show: the client's country's, or every country's when we do not know it (someone
 * in crisis must never see an empty list).
 */
export function crisisLinesFor(
  country: string | null | undefined,
): { country: CrisisCountry; lines: readonly CrisisLine[] }[] {
  if (isCrisisCountry(country)) return [{ country, lines: CRISIS_LINES[country] }];
  return CRISIS_COUNTRIES.map((code) => ({ country: code, lines: CRISIS_LINES[code] }));
}
