// The directory's names and limits as plain values, without zod: the public pages (directory, home)
// need them in the browser, where importing a schemas module would bring zod into their first load.
// The schemas (`schemas/catalog.ts`, `schemas/directory.ts`) re-export them.

/** Every preference list (SPEC.md §3), by the name the API takes. */
export const PREFERENCE_LIST_NAMES = [
  'modality',
  'gender',
  'therapy',
  'ageGroup',
  'language',
  'therapyApproach',
  'religion',
  'background',
  'trait',
  'specialities',
  'country',
  'communication',
] as const;
export type PreferenceListName = (typeof PREFERENCE_LIST_NAMES)[number];

/**
 * The preference lists a directory search filters by (SPEC.md §3), by option key
 * (`?therapyApproach=cbt&language=yo`). Within one list any option matches; across lists all
 * must. `gender`, `religion` and `background` also match the provider's own profile fields.
 */
export const DIRECTORY_FILTER_LISTS = PREFERENCE_LIST_NAMES;
export type DirectoryFilterList = PreferenceListName;

export const DIRECTORY_SORTS = ['relevance', 'rating', 'price', 'next'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_PAGE_SIZE = 12;
export const AVAILABLE_WITHIN_MAX_DAYS = 90;
export const SEARCH_TEXT_MAX = 100;
