/** "remainingClientReschedule" → "remaining_client_reschedule" (the SQL column of a Drizzle key). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * A table's row (`typeof table.$inferSelect`) as row_to_json gives it: the column names,
 * timestamps as ISO text. (row_to_json costs a fraction of a json_build_object naming every column.)
 */
export type RowJson<Row> = {
  [Key in keyof Row as SnakeCase<Key & string>]: Row[Key] extends infer Value
    ? Value extends Date
      ? string
      : Value
    : never;
};
