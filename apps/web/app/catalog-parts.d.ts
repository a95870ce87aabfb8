/** Parts of a language catalog and the table of their imports (catalog-parts.ts, a Vite plugin). */
declare module 'virtual:catalog/loaders' {
  type Loader = () => Promise<{ default: Record<string, unknown> }>;
  export const catalogLoaders: Record<string, Record<string, Loader>>;
}
declare module 'virtual:catalog/files' {
  /** On the server of a build: each part's file in the client's assets, by language; else empty. */
  export const catalogFiles: Record<string, Record<string, string>>;
}
declare module 'virtual:catalog/*' {
  const blocks: Record<string, unknown>;
  export default blocks;
}
