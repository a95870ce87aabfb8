/** Parts of a language catalog (catalog-parts.ts, a Vite plugin). */
declare module 'virtual:catalog/*' {
  const blocks: Record<string, unknown>;
  export default blocks;
}
