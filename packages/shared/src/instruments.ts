import type { Language } from './constants.ts';

/**
 * The validated outcome measures a provider can send, with their published wording in English
 * and the established German versions, their scoring and severity bands. Public domain: PHQ-9,
 * PHQ-2, GAD-7 and GAD-2 were developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt
 * Kroenke and colleagues with an educational grant from Pfizer Inc.; no permission is required to
 * reproduce, translate, display or distribute them (phqscreeners.com). German: PHQ-D (Löwe,
 * Spitzer, Zipfel, Herzog 2002) and GAD-7 (Löwe et al. 2008), from the same site.
 *
 * Every item is answered with one of four frequencies scored 0-3; the total is their sum.
 * Wording is data, never translated by us: a changed word is a different instrument.
 */
export const INSTRUMENT_KEYS = ['phq9', 'gad7', 'phq2', 'gad2'] as const;
export type InstrumentKey = (typeof INSTRUMENT_KEYS)[number];

/** A band of total scores, inclusive at both ends; its words under `forms.bands.<band>`. */
export interface SeverityBand {
  band: 'minimal' | 'mild' | 'moderate' | 'moderatelySevere' | 'severe' | 'belowCutoff' | 'atOrAboveCutoff';
  min: number;
  max: number;
}

export interface Instrument {
  key: InstrumentKey;
  /** The instrument's own name (not translated). */
  name: string;
  /** Bumped when wording or scoring changes; a sent form keeps its version. */
  version: number;
  title: Record<Language, string>;
  stem: Record<Language, string>;
  options: Record<Language, readonly [string, string, string, string]>;
  items: Record<Language, readonly string[]>;
  bands: readonly SeverityBand[];
  /** The item (1-based) whose answer above 0 must reach the provider at once (PHQ-9 item 9). */
  urgentItem?: number;
}

const FREQUENCY = {
  en: ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'],
  de: ['Überhaupt nicht', 'An einzelnen Tagen', 'An mehr als der Hälfte der Tage', 'Beinahe jeden Tag'],
} as const;

const PHQ_STEM = {
  en: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  de: 'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
};
const GAD_STEM = {
  en: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  de: 'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
};

const PHQ9_ITEMS = {
  en: [
    'Little interest or pleasure in doing things',
    'Feeling down, depressed, or hopeless',
    'Trouble falling or staying asleep, or sleeping too much',
    'Feeling tired or having little energy',
    'Poor appetite or overeating',
    'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    'Trouble concentrating on things, such as reading the newspaper or watching television',
    'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    'Thoughts that you would be better off dead or of hurting yourself in some way',
  ],
  de: [
    'Wenig Interesse oder Freude an Ihren Tätigkeiten',
    'Niedergeschlagenheit, Schwermut oder Hoffnungslosigkeit',
    'Schwierigkeiten ein- oder durchzuschlafen oder vermehrter Schlaf',
    'Müdigkeit oder Gefühl, keine Energie zu haben',
    'Verminderter Appetit oder übermäßiges Bedürfnis zu essen',
    'Schlechte Meinung von sich selbst; Gefühl, ein Versager zu sein oder die Familie enttäuscht zu haben',
    'Schwierigkeiten, sich auf etwas zu konzentrieren, z. B. beim Zeitunglesen oder Fernsehen',
    'Waren Ihre Bewegungen oder Ihre Sprache so verlangsamt, dass es auch anderen auffallen würde? Oder waren Sie im Gegenteil „zappelig“ oder ruhelos und hatten dadurch einen stärkeren Bewegungsdrang als sonst?',
    'Gedanken, dass Sie lieber tot wären oder sich Leid zufügen möchten',
  ],
} as const;

const GAD7_ITEMS = {
  en: [
    'Feeling nervous, anxious, or on edge',
    'Not being able to stop or control worrying',
    'Worrying too much about different things',
    'Trouble relaxing',
    'Being so restless that it is hard to sit still',
    'Becoming easily annoyed or irritable',
    'Feeling afraid, as if something awful might happen',
  ],
  de: [
    'Nervosität, Ängstlichkeit oder Anspannung',
    'Nicht in der Lage sein, Sorgen zu stoppen oder zu kontrollieren',
    'Übermäßige Sorgen bezüglich verschiedener Angelegenheiten',
    'Schwierigkeiten zu entspannen',
    'So ruhelos zu sein, dass es schwerfällt, still zu sitzen',
    'Schnelle Verärgerung oder Gereiztheit',
    'Gefühl der Angst, so als würde etwas Schlimmes passieren',
  ],
} as const;

const firstTwo = (items: { en: readonly string[]; de: readonly string[] }) => ({
  en: items.en.slice(0, 2),
  de: items.de.slice(0, 2),
});

/** The screeners' published cut-off: 3 or more suggests the full instrument. */
const SCREENER_BANDS: readonly SeverityBand[] = [
  { band: 'belowCutoff', min: 0, max: 2 },
  { band: 'atOrAboveCutoff', min: 3, max: 6 },
];

export const INSTRUMENTS: Record<InstrumentKey, Instrument> = {
  phq9: {
    key: 'phq9',
    name: 'PHQ-9',
    version: 1,
    title: { en: 'Patient Health Questionnaire (PHQ-9)', de: 'Gesundheitsfragebogen für Patienten (PHQ-9)' },
    stem: PHQ_STEM,
    options: FREQUENCY,
    items: PHQ9_ITEMS,
    bands: [
      { band: 'minimal', min: 0, max: 4 },
      { band: 'mild', min: 5, max: 9 },
      { band: 'moderate', min: 10, max: 14 },
      { band: 'moderatelySevere', min: 15, max: 19 },
      { band: 'severe', min: 20, max: 27 },
    ],
    urgentItem: 9,
  },
  gad7: {
    key: 'gad7',
    name: 'GAD-7',
    version: 1,
    title: { en: 'Generalized Anxiety Disorder scale (GAD-7)', de: 'Generalisierte Angststörung (GAD-7)' },
    stem: GAD_STEM,
    options: FREQUENCY,
    items: GAD7_ITEMS,
    bands: [
      { band: 'minimal', min: 0, max: 4 },
      { band: 'mild', min: 5, max: 9 },
      { band: 'moderate', min: 10, max: 14 },
      { band: 'severe', min: 15, max: 21 },
    ],
  },
  phq2: {
    key: 'phq2',
    name: 'PHQ-2',
    version: 1,
    title: { en: 'Patient Health Questionnaire (PHQ-2)', de: 'Gesundheitsfragebogen für Patienten (PHQ-2)' },
    stem: PHQ_STEM,
    options: FREQUENCY,
    items: firstTwo(PHQ9_ITEMS),
    bands: SCREENER_BANDS,
  },
  gad2: {
    key: 'gad2',
    name: 'GAD-2',
    version: 1,
    title: { en: 'Generalized Anxiety Disorder scale (GAD-2)', de: 'Generalisierte Angststörung (GAD-2)' },
    stem: GAD_STEM,
    options: FREQUENCY,
    items: firstTwo(GAD7_ITEMS),
    bands: SCREENER_BANDS,
  },
};

export const isInstrumentKey = (value: string): value is InstrumentKey =>
  (INSTRUMENT_KEYS as readonly string[]).includes(value);

/** The question id of an instrument's item (1-based), as answers carry it. */
export const itemId = (index: number): string => `item${index}`;

/** The highest total an instrument can give. */
export const maxScore = (instrument: Instrument): number => instrument.items.en.length * 3;
