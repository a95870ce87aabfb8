/**
 * The legal pages every visitor can read: the terms, the privacy notice, the cookie policy and the
 * Impressum (the provider identification German law requires of a commercial website). Their text
 * is the operator's (Markdown files, LEGAL_PAGES_DIR); the names and addresses are the product's.
 */
export const LEGAL_PAGES = ['terms', 'privacy', 'cookies', 'imprint'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export function isLegalPage(value: unknown): value is LegalPage {
  return typeof value === 'string' && (LEGAL_PAGES as readonly string[]).includes(value);
}

/** The page's path without the language prefix (localePath adds /de). */
export function legalPath(page: LegalPage): string {
  return `/legal/${page}/`;
}
