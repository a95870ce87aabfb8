/**
 * Imported first by a benchmark that serves the built web app: React, React Router and React DOM
 * choose their production or development build from NODE_ENV when first loaded, and `npm start`
 * (scripts/start.mjs) runs the server with NODE_ENV=production. Without it the benchmark measured
 * the development renderer (slower renders, extra checks) instead of what visitors get.
 */
process.env.NODE_ENV ??= 'production';
