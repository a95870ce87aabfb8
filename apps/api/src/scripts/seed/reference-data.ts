/**
 * Static reference data used to seed the database.
 *
 * Every named item carries an English (`en`) and German (`de`) display name.
 * Items are identified by a stable, ASCII kebab-case `key` (or ISO code);
 * database UUIDs are generated separately at seed time.
 */

export type CountryCode = 'NG' | 'GB' | 'US' | 'DE';

export interface NamedItem {
  key: string;
  en: string;
  de: string;
}

export interface StateItem {
  countryCode: CountryCode;
  /** ISO 3166-2 subdivision code, e.g. 'NG-LA'. */
  code: string;
  en: string;
  de: string;
}

export interface LanguageItem {
  /** ISO 639-1 code where one exists ('pcm' = Nigerian Pidgin, ISO 639-3). */
  code: string;
  en: string;
  de: string;
  primary: boolean;
}

export type ConcernItem = NamedItem & { popularity: number };

export type PreferenceListKey =
  | 'modality'
  | 'gender'
  | 'therapy'
  | 'ageGroup'
  | 'language'
  | 'therapyApproach'
  | 'religion'
  | 'background'
  | 'trait'
  | 'specialities'
  | 'country'
  | 'communication';

// ---------------------------------------------------------------------------
// States / regions
// ---------------------------------------------------------------------------

/** 36 Nigerian states + Federal Capital Territory (ISO 3166-2:NG). */
const NG_STATES: StateItem[] = [
  { countryCode: 'NG', code: 'NG-AB', en: 'Abia', de: 'Abia' },
  { countryCode: 'NG', code: 'NG-AD', en: 'Adamawa', de: 'Adamawa' },
  { countryCode: 'NG', code: 'NG-AK', en: 'Akwa Ibom', de: 'Akwa Ibom' },
  { countryCode: 'NG', code: 'NG-AN', en: 'Anambra', de: 'Anambra' },
  { countryCode: 'NG', code: 'NG-BA', en: 'Bauchi', de: 'Bauchi' },
  { countryCode: 'NG', code: 'NG-BY', en: 'Bayelsa', de: 'Bayelsa' },
  { countryCode: 'NG', code: 'NG-BE', en: 'Benue', de: 'Benue' },
  { countryCode: 'NG', code: 'NG-BO', en: 'Borno', de: 'Borno' },
  { countryCode: 'NG', code: 'NG-CR', en: 'Cross River', de: 'Cross River' },
  { countryCode: 'NG', code: 'NG-DE', en: 'Delta', de: 'Delta' },
  { countryCode: 'NG', code: 'NG-EB', en: 'Ebonyi', de: 'Ebonyi' },
  { countryCode: 'NG', code: 'NG-ED', en: 'Edo', de: 'Edo' },
  { countryCode: 'NG', code: 'NG-EK', en: 'Ekiti', de: 'Ekiti' },
  { countryCode: 'NG', code: 'NG-EN', en: 'Enugu', de: 'Enugu' },
  { countryCode: 'NG', code: 'NG-FC', en: 'Federal Capital Territory', de: 'Bundeshauptstadtterritorium' },
  { countryCode: 'NG', code: 'NG-GO', en: 'Gombe', de: 'Gombe' },
  { countryCode: 'NG', code: 'NG-IM', en: 'Imo', de: 'Imo' },
  { countryCode: 'NG', code: 'NG-JI', en: 'Jigawa', de: 'Jigawa' },
  { countryCode: 'NG', code: 'NG-KD', en: 'Kaduna', de: 'Kaduna' },
  { countryCode: 'NG', code: 'NG-KN', en: 'Kano', de: 'Kano' },
  { countryCode: 'NG', code: 'NG-KT', en: 'Katsina', de: 'Katsina' },
  { countryCode: 'NG', code: 'NG-KE', en: 'Kebbi', de: 'Kebbi' },
  { countryCode: 'NG', code: 'NG-KO', en: 'Kogi', de: 'Kogi' },
  { countryCode: 'NG', code: 'NG-KW', en: 'Kwara', de: 'Kwara' },
  { countryCode: 'NG', code: 'NG-LA', en: 'Lagos', de: 'Lagos' },
  { countryCode: 'NG', code: 'NG-NA', en: 'Nasarawa', de: 'Nasarawa' },
  { countryCode: 'NG', code: 'NG-NI', en: 'Niger', de: 'Niger' },
  { countryCode: 'NG', code: 'NG-OG', en: 'Ogun', de: 'Ogun' },
  { countryCode: 'NG', code: 'NG-ON', en: 'Ondo', de: 'Ondo' },
  { countryCode: 'NG', code: 'NG-OS', en: 'Osun', de: 'Osun' },
  { countryCode: 'NG', code: 'NG-OY', en: 'Oyo', de: 'Oyo' },
  { countryCode: 'NG', code: 'NG-PL', en: 'Plateau', de: 'Plateau' },
  { countryCode: 'NG', code: 'NG-RI', en: 'Rivers', de: 'Rivers' },
  { countryCode: 'NG', code: 'NG-SO', en: 'Sokoto', de: 'Sokoto' },
  { countryCode: 'NG', code: 'NG-TA', en: 'Taraba', de: 'Taraba' },
  { countryCode: 'NG', code: 'NG-YO', en: 'Yobe', de: 'Yobe' },
  { countryCode: 'NG', code: 'NG-ZA', en: 'Zamfara', de: 'Zamfara' },
];

/** 50 US states + District of Columbia (ISO 3166-2:US). */
const US_STATES: StateItem[] = [
  { countryCode: 'US', code: 'US-AL', en: 'Alabama', de: 'Alabama' },
  { countryCode: 'US', code: 'US-AK', en: 'Alaska', de: 'Alaska' },
  { countryCode: 'US', code: 'US-AZ', en: 'Arizona', de: 'Arizona' },
  { countryCode: 'US', code: 'US-AR', en: 'Arkansas', de: 'Arkansas' },
  { countryCode: 'US', code: 'US-CA', en: 'California', de: 'Kalifornien' },
  { countryCode: 'US', code: 'US-CO', en: 'Colorado', de: 'Colorado' },
  { countryCode: 'US', code: 'US-CT', en: 'Connecticut', de: 'Connecticut' },
  { countryCode: 'US', code: 'US-DE', en: 'Delaware', de: 'Delaware' },
  { countryCode: 'US', code: 'US-DC', en: 'District of Columbia', de: 'District of Columbia' },
  { countryCode: 'US', code: 'US-FL', en: 'Florida', de: 'Florida' },
  { countryCode: 'US', code: 'US-GA', en: 'Georgia', de: 'Georgia' },
  { countryCode: 'US', code: 'US-HI', en: 'Hawaii', de: 'Hawaii' },
  { countryCode: 'US', code: 'US-ID', en: 'Idaho', de: 'Idaho' },
  { countryCode: 'US', code: 'US-IL', en: 'Illinois', de: 'Illinois' },
  { countryCode: 'US', code: 'US-IN', en: 'Indiana', de: 'Indiana' },
  { countryCode: 'US', code: 'US-IA', en: 'Iowa', de: 'Iowa' },
  { countryCode: 'US', code: 'US-KS', en: 'Kansas', de: 'Kansas' },
  { countryCode: 'US', code: 'US-KY', en: 'Kentucky', de: 'Kentucky' },
  { countryCode: 'US', code: 'US-LA', en: 'Louisiana', de: 'Louisiana' },
  { countryCode: 'US', code: 'US-ME', en: 'Maine', de: 'Maine' },
  { countryCode: 'US', code: 'US-MD', en: 'Maryland', de: 'Maryland' },
  { countryCode: 'US', code: 'US-MA', en: 'Massachusetts', de: 'Massachusetts' },
  { countryCode: 'US', code: 'US-MI', en: 'Michigan', de: 'Michigan' },
  { countryCode: 'US', code: 'US-MN', en: 'Minnesota', de: 'Minnesota' },
  { countryCode: 'US', code: 'US-MS', en: 'Mississippi', de: 'Mississippi' },
  { countryCode: 'US', code: 'US-MO', en: 'Missouri', de: 'Missouri' },
  { countryCode: 'US', code: 'US-MT', en: 'Montana', de: 'Montana' },
  { countryCode: 'US', code: 'US-NE', en: 'Nebraska', de: 'Nebraska' },
  { countryCode: 'US', code: 'US-NV', en: 'Nevada', de: 'Nevada' },
  { countryCode: 'US', code: 'US-NH', en: 'New Hampshire', de: 'New Hampshire' },
  { countryCode: 'US', code: 'US-NJ', en: 'New Jersey', de: 'New Jersey' },
  { countryCode: 'US', code: 'US-NM', en: 'New Mexico', de: 'New Mexico' },
  { countryCode: 'US', code: 'US-NY', en: 'New York', de: 'New York' },
  { countryCode: 'US', code: 'US-NC', en: 'North Carolina', de: 'North Carolina' },
  { countryCode: 'US', code: 'US-ND', en: 'North Dakota', de: 'North Dakota' },
  { countryCode: 'US', code: 'US-OH', en: 'Ohio', de: 'Ohio' },
  { countryCode: 'US', code: 'US-OK', en: 'Oklahoma', de: 'Oklahoma' },
  { countryCode: 'US', code: 'US-OR', en: 'Oregon', de: 'Oregon' },
  { countryCode: 'US', code: 'US-PA', en: 'Pennsylvania', de: 'Pennsylvania' },
  { countryCode: 'US', code: 'US-RI', en: 'Rhode Island', de: 'Rhode Island' },
  { countryCode: 'US', code: 'US-SC', en: 'South Carolina', de: 'South Carolina' },
  { countryCode: 'US', code: 'US-SD', en: 'South Dakota', de: 'South Dakota' },
  { countryCode: 'US', code: 'US-TN', en: 'Tennessee', de: 'Tennessee' },
  { countryCode: 'US', code: 'US-TX', en: 'Texas', de: 'Texas' },
  { countryCode: 'US', code: 'US-UT', en: 'Utah', de: 'Utah' },
  { countryCode: 'US', code: 'US-VT', en: 'Vermont', de: 'Vermont' },
  { countryCode: 'US', code: 'US-VA', en: 'Virginia', de: 'Virginia' },
  { countryCode: 'US', code: 'US-WA', en: 'Washington', de: 'Washington' },
  { countryCode: 'US', code: 'US-WV', en: 'West Virginia', de: 'West Virginia' },
  { countryCode: 'US', code: 'US-WI', en: 'Wisconsin', de: 'Wisconsin' },
  { countryCode: 'US', code: 'US-WY', en: 'Wyoming', de: 'Wyoming' },
];

/** The four UK nations (ISO 3166-2:GB). */
const GB_NATIONS: StateItem[] = [
  { countryCode: 'GB', code: 'GB-ENG', en: 'England', de: 'England' },
  { countryCode: 'GB', code: 'GB-SCT', en: 'Scotland', de: 'Schottland' },
  { countryCode: 'GB', code: 'GB-WLS', en: 'Wales', de: 'Wales' },
  { countryCode: 'GB', code: 'GB-NIR', en: 'Northern Ireland', de: 'Nordirland' },
];

/** The 16 German Länder (ISO 3166-2:DE). */
const DE_LAENDER: StateItem[] = [
  { countryCode: 'DE', code: 'DE-BW', en: 'Baden-Württemberg', de: 'Baden-Württemberg' },
  { countryCode: 'DE', code: 'DE-BY', en: 'Bavaria', de: 'Bayern' },
  { countryCode: 'DE', code: 'DE-BE', en: 'Berlin', de: 'Berlin' },
  { countryCode: 'DE', code: 'DE-BB', en: 'Brandenburg', de: 'Brandenburg' },
  { countryCode: 'DE', code: 'DE-HB', en: 'Bremen', de: 'Bremen' },
  { countryCode: 'DE', code: 'DE-HH', en: 'Hamburg', de: 'Hamburg' },
  { countryCode: 'DE', code: 'DE-HE', en: 'Hesse', de: 'Hessen' },
  { countryCode: 'DE', code: 'DE-MV', en: 'Mecklenburg-Western Pomerania', de: 'Mecklenburg-Vorpommern' },
  { countryCode: 'DE', code: 'DE-NI', en: 'Lower Saxony', de: 'Niedersachsen' },
  { countryCode: 'DE', code: 'DE-NW', en: 'North Rhine-Westphalia', de: 'Nordrhein-Westfalen' },
  { countryCode: 'DE', code: 'DE-RP', en: 'Rhineland-Palatinate', de: 'Rheinland-Pfalz' },
  { countryCode: 'DE', code: 'DE-SL', en: 'Saarland', de: 'Saarland' },
  { countryCode: 'DE', code: 'DE-SN', en: 'Saxony', de: 'Sachsen' },
  { countryCode: 'DE', code: 'DE-ST', en: 'Saxony-Anhalt', de: 'Sachsen-Anhalt' },
  { countryCode: 'DE', code: 'DE-SH', en: 'Schleswig-Holstein', de: 'Schleswig-Holstein' },
  { countryCode: 'DE', code: 'DE-TH', en: 'Thuringia', de: 'Thüringen' },
];

export const STATES: StateItem[] = [...NG_STATES, ...US_STATES, ...GB_NATIONS, ...DE_LAENDER];

// ---------------------------------------------------------------------------
// Languages
// ---------------------------------------------------------------------------

export const LANGUAGES: LanguageItem[] = [
  { code: 'en', en: 'English', de: 'Englisch', primary: true },
  { code: 'de', en: 'German', de: 'Deutsch', primary: true },
  { code: 'yo', en: 'Yoruba', de: 'Yoruba', primary: true },
  { code: 'ig', en: 'Igbo', de: 'Igbo', primary: true },
  { code: 'ha', en: 'Hausa', de: 'Hausa', primary: true },
  { code: 'pcm', en: 'Nigerian Pidgin', de: 'Nigerianisches Pidgin', primary: true },
  { code: 'fr', en: 'French', de: 'Französisch', primary: true },
  { code: 'es', en: 'Spanish', de: 'Spanisch', primary: false },
  { code: 'ar', en: 'Arabic', de: 'Arabisch', primary: false },
  { code: 'pt', en: 'Portuguese', de: 'Portugiesisch', primary: false },
  { code: 'it', en: 'Italian', de: 'Italienisch', primary: false },
  { code: 'zh', en: 'Chinese', de: 'Chinesisch', primary: false },
  { code: 'hi', en: 'Hindi', de: 'Hindi', primary: false },
  { code: 'ur', en: 'Urdu', de: 'Urdu', primary: false },
  { code: 'bn', en: 'Bengali', de: 'Bengalisch', primary: false },
  { code: 'pa', en: 'Punjabi', de: 'Panjabi', primary: false },
  { code: 'tr', en: 'Turkish', de: 'Türkisch', primary: false },
  { code: 'pl', en: 'Polish', de: 'Polnisch', primary: false },
  { code: 'ru', en: 'Russian', de: 'Russisch', primary: false },
  { code: 'uk', en: 'Ukrainian', de: 'Ukrainisch', primary: false },
  { code: 'ro', en: 'Romanian', de: 'Rumänisch', primary: false },
  { code: 'el', en: 'Greek', de: 'Griechisch', primary: false },
  { code: 'nl', en: 'Dutch', de: 'Niederländisch', primary: false },
  { code: 'fa', en: 'Persian', de: 'Persisch', primary: false },
  { code: 'sw', en: 'Swahili', de: 'Swahili', primary: false },
  { code: 'ak', en: 'Akan (Twi)', de: 'Akan (Twi)', primary: false },
  { code: 'so', en: 'Somali', de: 'Somali', primary: false },
];

// ---------------------------------------------------------------------------
// Therapy categories
// ---------------------------------------------------------------------------

export const THERAPY_CATEGORIES: NamedItem[] = [
  { key: 'individual-therapy', en: 'Individual Therapy', de: 'Einzeltherapie' },
  { key: 'couples-therapy', en: 'Couples Therapy', de: 'Paartherapie' },
  { key: 'family-therapy', en: 'Family Therapy', de: 'Familientherapie' },
  { key: 'child-and-adolescent-therapy', en: 'Child and Adolescent Therapy', de: 'Kinder- und Jugendlichentherapie' },
  { key: 'group-therapy', en: 'Group Therapy', de: 'Gruppentherapie' },
  { key: 'psychiatry', en: 'Psychiatry', de: 'Psychiatrie' },
  { key: 'life-coaching', en: 'Life Coaching', de: 'Lebensberatung und Coaching' },
  { key: 'nutrition-and-wellness', en: 'Nutrition and Wellness', de: 'Ernährung und Wohlbefinden' },
];

// ---------------------------------------------------------------------------
// Concerns (ordered most → least common; popularity is distinct, higher = more common)
// ---------------------------------------------------------------------------

export const CONCERNS: ConcernItem[] = [
  { key: 'anxiety', en: 'Anxiety', de: 'Angst', popularity: 24 },
  { key: 'depression', en: 'Depression', de: 'Depression', popularity: 23 },
  { key: 'stress', en: 'Stress', de: 'Stress', popularity: 22 },
  { key: 'relationship-issues', en: 'Relationship Issues', de: 'Beziehungsprobleme', popularity: 21 },
  { key: 'trauma-and-ptsd', en: 'Trauma and PTSD', de: 'Trauma und PTBS', popularity: 20 },
  { key: 'grief-and-loss', en: 'Grief and Loss', de: 'Trauer und Verlust', popularity: 19 },
  { key: 'self-esteem', en: 'Self-Esteem', de: 'Selbstwertgefühl', popularity: 18 },
  { key: 'work-and-career', en: 'Work and Career', de: 'Arbeit und Beruf', popularity: 17 },
  { key: 'burnout', en: 'Burnout', de: 'Burnout', popularity: 16 },
  { key: 'sleep-problems', en: 'Sleep Problems', de: 'Schlafprobleme', popularity: 15 },
  { key: 'addiction', en: 'Addiction', de: 'Sucht', popularity: 14 },
  { key: 'parenting', en: 'Parenting', de: 'Elternschaft und Erziehung', popularity: 13 },
  { key: 'panic-attacks', en: 'Panic Attacks', de: 'Panikattacken', popularity: 12 },
  { key: 'anger-management', en: 'Anger Management', de: 'Umgang mit Wut', popularity: 11 },
  { key: 'loneliness', en: 'Loneliness', de: 'Einsamkeit', popularity: 10 },
  { key: 'adhd', en: 'ADHD', de: 'ADHS', popularity: 9 },
  { key: 'postpartum-depression', en: 'Postpartum Depression', de: 'Postpartale Depression', popularity: 8 },
  { key: 'ocd', en: 'OCD', de: 'Zwangsstörung', popularity: 7 },
  { key: 'eating-disorders', en: 'Eating Disorders', de: 'Essstörungen', popularity: 6 },
  { key: 'bipolar-disorder', en: 'Bipolar Disorder', de: 'Bipolare Störung', popularity: 5 },
  { key: 'phobias', en: 'Phobias', de: 'Phobien', popularity: 4 },
  { key: 'chronic-illness', en: 'Chronic Illness', de: 'Chronische Erkrankungen', popularity: 3 },
  { key: 'lgbtq-issues', en: 'LGBTQ+ Issues', de: 'LGBTQ+-Themen', popularity: 2 },
  { key: 'identity', en: 'Identity', de: 'Identität', popularity: 1 },
];

// ---------------------------------------------------------------------------
// Preference lists
// ---------------------------------------------------------------------------

const toNamed = ({ key, en, de }: NamedItem): NamedItem => ({ key, en, de });

export const PREFERENCE_LISTS: Record<PreferenceListKey, NamedItem[]> = {
  modality: [
    { key: 'video-session', en: 'Video Session', de: 'Videositzung' },
    { key: 'audio-call', en: 'Audio Call', de: 'Telefonat' },
    { key: 'chat-messaging', en: 'Chat / Messaging', de: 'Chat / Nachrichten' },
    { key: 'in-person', en: 'In Person', de: 'Vor Ort' },
  ],
  gender: [
    { key: 'female', en: 'Female', de: 'Weiblich' },
    { key: 'male', en: 'Male', de: 'Männlich' },
    { key: 'non-binary', en: 'Non-binary', de: 'Nicht-binär' },
    { key: 'no-preference', en: 'No Preference', de: 'Keine Präferenz' },
  ],
  therapy: THERAPY_CATEGORIES.map(toNamed),
  ageGroup: [
    { key: 'children', en: 'Children (6–12)', de: 'Kinder (6–12)' },
    { key: 'teens', en: 'Teens (13–17)', de: 'Jugendliche (13–17)' },
    { key: 'young-adults', en: 'Young Adults (18–25)', de: 'Junge Erwachsene (18–25)' },
    { key: 'adults', en: 'Adults (26–64)', de: 'Erwachsene (26–64)' },
    { key: 'seniors', en: 'Seniors (65+)', de: 'Senioren (65+)' },
  ],
  // Keys are language codes; mirrors the primary entries of LANGUAGES.
  language: LANGUAGES.filter((l) => l.primary).map(({ code, en, de }) => ({ key: code, en, de })),
  therapyApproach: [
    { key: 'cbt', en: 'Cognitive Behavioural Therapy (CBT)', de: 'Kognitive Verhaltenstherapie (KVT)' },
    { key: 'dbt', en: 'Dialectical Behaviour Therapy (DBT)', de: 'Dialektisch-Behaviorale Therapie (DBT)' },
    { key: 'psychodynamic', en: 'Psychodynamic Therapy', de: 'Psychodynamische Therapie' },
    { key: 'humanistic', en: 'Humanistic Therapy', de: 'Humanistische Therapie' },
    { key: 'person-centred', en: 'Person-Centred Therapy', de: 'Klientenzentrierte Gesprächspsychotherapie' },
    { key: 'emdr', en: 'EMDR', de: 'EMDR' },
    { key: 'mindfulness-based', en: 'Mindfulness-Based Therapy', de: 'Achtsamkeitsbasierte Therapie' },
    { key: 'solution-focused', en: 'Solution-Focused Brief Therapy', de: 'Lösungsorientierte Kurzzeittherapie' },
    { key: 'family-systems', en: 'Family Systems Therapy', de: 'Systemische Familientherapie' },
    {
      key: 'acceptance-and-commitment',
      en: 'Acceptance and Commitment Therapy (ACT)',
      de: 'Akzeptanz- und Commitment-Therapie (ACT)',
    },
    { key: 'psychoanalysis', en: 'Psychoanalysis', de: 'Psychoanalyse' },
    { key: 'integrative', en: 'Integrative Therapy', de: 'Integrative Therapie' },
  ],
  religion: [
    { key: 'christianity', en: 'Christianity', de: 'Christentum' },
    { key: 'islam', en: 'Islam', de: 'Islam' },
    {
      key: 'traditional-african-religions',
      en: 'Traditional African Religions',
      de: 'Traditionelle afrikanische Religionen',
    },
    { key: 'judaism', en: 'Judaism', de: 'Judentum' },
    { key: 'hinduism', en: 'Hinduism', de: 'Hinduismus' },
    { key: 'buddhism', en: 'Buddhism', de: 'Buddhismus' },
    { key: 'none', en: 'None', de: 'Keine' },
    { key: 'prefer-not-to-say', en: 'Prefer Not to Say', de: 'Keine Angabe' },
  ],
  background: [
    { key: 'african', en: 'African', de: 'Afrikanisch' },
    { key: 'black-british', en: 'Black British', de: 'Schwarz-britisch' },
    { key: 'caribbean', en: 'Caribbean', de: 'Karibisch' },
    { key: 'european', en: 'European', de: 'Europäisch' },
    { key: 'asian', en: 'Asian', de: 'Asiatisch' },
    { key: 'middle-eastern', en: 'Middle Eastern', de: 'Nahöstlich' },
    { key: 'latin-american', en: 'Latin American', de: 'Lateinamerikanisch' },
    { key: 'mixed', en: 'Mixed', de: 'Gemischte Herkunft' },
    { key: 'prefer-not-to-say', en: 'Prefer Not to Say', de: 'Keine Angabe' },
  ],
  trait: [
    { key: 'empathetic', en: 'Empathetic', de: 'Einfühlsam' },
    { key: 'direct', en: 'Direct', de: 'Direkt' },
    { key: 'calm', en: 'Calm', de: 'Ruhig' },
    { key: 'humorous', en: 'Humorous', de: 'Humorvoll' },
    { key: 'structured', en: 'Structured', de: 'Strukturiert' },
    { key: 'challenging', en: 'Challenging', de: 'Fordernd' },
    { key: 'warm', en: 'Warm', de: 'Herzlich' },
    { key: 'good-listener', en: 'Good Listener', de: 'Gute Zuhörerin / Guter Zuhörer' },
  ],
  // Clinical specialities: the 12 most common concerns.
  specialities: CONCERNS.slice(0, 12).map(toNamed),
  country: [
    { key: 'ng', en: 'Nigeria', de: 'Nigeria' },
    { key: 'gb', en: 'United Kingdom', de: 'Vereinigtes Königreich' },
    { key: 'us', en: 'United States', de: 'Vereinigte Staaten' },
    { key: 'de', en: 'Germany', de: 'Deutschland' },
  ],
  communication: [
    { key: 'formal', en: 'Formal', de: 'Förmlich' },
    { key: 'casual', en: 'Casual', de: 'Locker' },
    { key: 'faith-informed', en: 'Faith-Informed', de: 'Glaubensorientiert' },
    { key: 'culturally-sensitive', en: 'Culturally Sensitive', de: 'Kultursensibel' },
    { key: 'lgbtq-affirming', en: 'LGBTQ+ Affirming', de: 'LGBTQ+-affirmativ' },
  ],
};
