import { type SQL, sql } from 'drizzle-orm';

/** The catalog's rows as the API's answers show them (a booking's therapy and modality), in SQL. */

/** The answer's therapy from a therapy_categories row (null when there is none). */
export const therapyJson = (category: SQL) => sql`CASE WHEN ${category}.id IS NOT NULL
  THEN json_build_object('id', ${category}.id, 'nameEn', ${category}.name_en, 'nameDe', ${category}.name_de) END`;

/** The answer's modality from a preference_options row of the list "modality" (null when there is none). */
export const modalityJson = (option: SQL) => sql`CASE WHEN ${option}.id IS NOT NULL
  THEN json_build_object('id', ${option}.id, 'key', ${option}.key, 'nameEn', ${option}.name_en, 'nameDe', ${option}.name_de) END`;

/** Joins of the answer's therapy (tc) and modality (mo) over `rows`, anything with therapy_category_id and modality_key. */
export const catalogJoins = (rows: SQL) => sql`
    LEFT JOIN therapy_categories tc ON tc.id = ${rows}.therapy_category_id
    LEFT JOIN preference_options mo ON mo.list = 'modality' AND mo.key = ${rows}.modality_key`;
