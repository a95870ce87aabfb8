/**
 * The CPT code a US superbill prints for a session, by therapy category key (README "US
 * superbills"): 90837 individual psychotherapy of 53 minutes or more (our sessions are an hour),
 * 90847 family or couples psychotherapy with the patient present, 90853 group psychotherapy,
 * 90792 psychiatric evaluation with medical services. Coaching and wellness are not billable to
 * insurers: no code, and the superbill says so.
 */
export const CPT_BY_THERAPY: Readonly<Record<string, string>> = {
  'individual-therapy': '90837',
  'couples-therapy': '90847',
  'family-therapy': '90847',
  'child-and-adolescent-therapy': '90837',
  'group-therapy': '90853',
  psychiatry: '90792',
};

/** 90834 (38-52 minutes) where a session is shorter than the 53 minutes 90837 needs. */
export function cptCodeFor(therapyKey: string | null, durationMinutes: number): string | null {
  const code = therapyKey ? CPT_BY_THERAPY[therapyKey] : undefined;
  if (!code) return null;
  if (code === '90837' && durationMinutes < 53) return '90834';
  return code;
}

/** In-person sessions happen at the provider's office (CMS place of service 11). */
export const OFFICE_PLACE_OF_SERVICE = '11';
