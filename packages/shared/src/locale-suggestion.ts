import { isLanguage, isOperatingCountry, type Language, type OperatingCountry } from './constants.ts';

export interface LocaleSuggestion {
  countryCode: OperatingCountry;
  language: Language;
}

/** Accept-Language entries, best first: "de-DE,de;q=0.9,en;q=0.5" → [de-DE, de, en]. */
function rankedTags(acceptLanguage: string): string[] {
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * en-US is what most browsers send wherever they are (many Nigerian visitors among them): it says
 * nothing about the country. The operator's trusted header can still say US.
 */
const BROWSER_DEFAULT_TAG = 'en-us';

/** Where a language is spoken when the browser names no region: German → Germany. */
const COUNTRY_OF_LANGUAGE: Partial<Record<Language, OperatingCountry>> = { de: 'DE' };

/**
 * The country and language a first visit should offer: the country from the operator's trusted
 * header, else the first region the browser names (en-GB → GB; not en-US, see above), else the country of its first
 * language we speak (de → DE); the language is the browser's first one we speak, else English.
 * Nothing when neither points at an operating country.
 */
export function suggestLocale(input: {
  acceptLanguage: string | null | undefined;
  trustedCountry: string | null | undefined;
}): LocaleSuggestion | null {
  const tags = rankedTags(input.acceptLanguage ?? '');
  const languages = tags.map((tag) => tag.split('-')[0]?.toLowerCase());
  const language = languages.find(isLanguage) ?? 'en';
  const trusted = input.trustedCountry?.trim().toUpperCase();
  const region = tags
    .filter((tag) => tag.toLowerCase() !== BROWSER_DEFAULT_TAG)
    .map((tag) =>
      tag
        .split('-')
        .find((part, index) => index > 0 && /^[A-Za-z]{2}$/.test(part))
        ?.toUpperCase(),
    )
    .find((code) => code !== undefined);
  const spoken = languages.some(isLanguage) ? COUNTRY_OF_LANGUAGE[language] : undefined;
  const candidate = trusted && /^[A-Z]{2}$/.test(trusted) ? trusted : (region ?? spoken);
  if (!candidate || !isOperatingCountry(candidate)) return null;
  return { countryCode: candidate as OperatingCountry, language };
}
