// A web feature (apps/web/app/features/<name>) imports shared layers (#app/api, #app/ui, #app/lib)
// and never another feature; routes compose features. The shared layers import no feature at all
// (else feature → layer → feature is an edge by another road). `npm run lint` runs this; it fails
// on an edge.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/web/app');
const features = path.join(root, 'features');
const importPattern = /(?:from|import|vi\.mock\(|import\()\s*['"]([^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(name)) yield file;
  }
}

/** The feature a resolved path belongs to, or null for shared layers and routes. */
function featureOf(file) {
  const relative = path.relative(features, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

const edges = [];
for (const file of sourceFiles(features)) {
  const from = featureOf(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPattern)) {
    let target = null;
    if (spec.startsWith('#app/')) target = path.join(root, spec.slice(5));
    else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
    else continue;
    // Shared test helpers (apps/web/test) are a layer of their own.
    if (spec.startsWith('.') && !target.startsWith(root)) continue;
    if (spec.startsWith('.') && featureOf(target) !== from) {
      edges.push(`${path.relative(root, file)}: '${spec}' leaves its feature; import shared layers as #app/…`);
      continue;
    }
    const to = featureOf(target);
    if (to && to !== from)
      edges.push(`${path.relative(root, file)}: feature ${from} imports feature ${to} ('${spec}')`);
  }
}
// The shared layers: nothing under them reaches into a feature.
for (const layer of ['api', 'lib', 'ui']) {
  for (const file of sourceFiles(path.join(root, layer))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = spec.startsWith('#app/')
        ? path.join(root, spec.slice(5))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(file), spec)
          : null;
      const to = target && featureOf(target);
      if (to) edges.push(`${path.relative(root, file)}: shared layer ${layer} imports feature ${to} ('${spec}')`);
    }
  }
}
if (edges.length > 0) {
  console.error(`Feature imports that break the fence (docs/conventions.md, "Web"):\n${edges.join('\n')}`);
  process.exit(1);
}
console.log('web features: no feature imports another, and no shared layer imports a feature');
