// The API's modules form a declared order (apps/api/src/modules/order.json, bottom to top): a
// module imports only modules in a layer below its own, never one beside it or above it, so money
// never reaches back into bookings and a reader can take the modules in order. Below every module
// sit the database layer and platform, which import no module. Across the API, the web app and
// packages/shared no file-level import circle exists (type-only imports count: a type shared both
// ways belongs in the lower file). `npm run lint` runs this; it fails naming each file and import.
// Test files are left out: they stand above everything they test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(?:ts|tsx|mts)$/;
const TEST = /\.test\.(?:ts|tsx|mts)$/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) yield file;
  }
}

/** The file a specifier names, or null for a package or a non-source file (JSON, CSS). */
function resolveSpecifier(spec, fromFile, roots, files) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else if (spec === '@app/shared') base = path.join(roots.shared, 'index');
  else if (spec.startsWith('@app/shared/')) base = path.join(roots.shared, spec.slice('@app/shared/'.length));
  else if (spec.startsWith('#app/')) base = path.join(roots.web, spec.slice('#app/'.length));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/**
 * Every import between source files under the roots: Map<file, [{ to, spec }]>. TypeScript's own
 * scanner reads the specifiers (imports, `import type`, re-exports, dynamic `import()`), so
 * comments and strings that look like imports are not taken for one.
 */
export function importGraph(roots) {
  const files = new Set(Object.values(roots).flatMap((dir) => [...sourceFiles(dir)]));
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const edges = [];
    for (const { fileName: spec } of importedFiles) {
      const to = resolveSpecifier(spec, file, roots, files);
      if (to && to !== file && !edges.some((edge) => edge.to === to)) edges.push({ to, spec });
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The strongly connected groups of more than one file (Tarjan): each as its files (sorted) and one
 * shortest circle through the first of them.
 */
export function importCircles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  // Iterative, so a deep chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, position] = frame;
      const edges = graph.get(node) ?? [];
      if (position < edges.length) {
        frame[1]++;
        const { to } = edges[position];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) groups.push(group);
      }
    }
  }
  return groups.map((group) => ({ files: group.sort(), circle: circleThrough(graph, new Set(group)) }));
}

/** One shortest circle inside a strongly connected group, from its first file (sorted) back to it. */
function circleThrough(graph, group) {
  const start = [...group].sort()[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const edge of graph.get(node)) {
      if (!group.has(edge.to)) continue;
      if (edge.to === start) {
        const steps = [{ from: node, ...edge }];
        for (let at = cameFrom.get(node); at; at = cameFrom.get(at.from)) steps.unshift(at);
        return steps;
      }
      if (!cameFrom.has(edge.to)) {
        cameFrom.set(edge.to, { from: node, ...edge });
        queue.push(edge.to);
      }
    }
  }
  throw new Error(`no circle through ${start}`);
}

/**
 * Imports against the declared order: `order.layers` lists the modules bottom to top, one array per
 * layer. Answers one line per wrong import, and one per module folder the order does not name.
 * A name in the order without a folder is allowed (a module on its way in).
 */
export function moduleOrderViolations(graph, { modulesDir, belowModules, order, relativeTo }) {
  const layerOf = new Map();
  order.layers.forEach((layer, position) => {
    for (const name of layer) {
      if (layerOf.has(name)) throw new Error(`order.json names module ${name} twice`);
      layerOf.set(name, position);
    }
  });
  const show = (file) => path.relative(relativeTo, file);
  const moduleOf = (file) => {
    const relative = path.relative(modulesDir, file);
    return relative.startsWith('..') || !relative.includes(path.sep) ? null : relative.split(path.sep)[0];
  };
  const problems = [];
  for (const name of readdirSync(modulesDir)) {
    if (statSync(path.join(modulesDir, name)).isDirectory() && !layerOf.has(name))
      problems.push(`module ${name} is not in ${show(path.join(modulesDir, 'order.json'))}: give it a layer`);
  }
  for (const [file, edges] of graph) {
    const from = moduleOf(file);
    const low = belowModules.some((dir) => !path.relative(dir, file).startsWith('..'));
    if (!from && !low) continue;
    for (const { to, spec } of edges) {
      const target = moduleOf(to);
      if (!target || target === from) continue;
      if (low) {
        problems.push(`${show(file)}: imports '${spec}' (module ${target}); the layers below the modules import none`);
        continue;
      }
      const [mine, theirs] = [layerOf.get(from), layerOf.get(target)];
      if (mine === undefined || theirs === undefined || theirs < mine) continue;
      const where = theirs === mine ? 'beside' : 'above';
      problems.push(`${show(file)}: imports '${spec}': module ${target} is ${where} module ${from}`);
    }
  }
  return problems;
}

export function formatCircle({ files, circle }, relativeTo) {
  const show = (file) => path.relative(relativeTo, file);
  const others =
    files.length > circle.length ? ` (${files.length} files import each other: ${files.map(show).join(', ')})` : '';
  return `import circle${others}:\n${circle.map((step) => `  ${show(step.from)} imports '${step.spec}'`).join('\n')}`;
}

/** The whole check on a repository root: { problems, circles, summary }. */
export function checkRepository(repo) {
  const api = path.join(repo, 'apps/api/src');
  const roots = { api, web: path.join(repo, 'apps/web/app'), shared: path.join(repo, 'packages/shared/src') };
  const modulesDir = path.join(api, 'modules');
  const order = JSON.parse(readFileSync(path.join(modulesDir, 'order.json'), 'utf8'));
  const graph = importGraph(roots);
  const circles = importCircles(graph);
  const problems = [
    ...moduleOrderViolations(graph, {
      modulesDir,
      belowModules: [path.join(api, 'db'), path.join(api, 'platform')],
      order,
      relativeTo: repo,
    }),
    ...circles.map((circle) => formatCircle(circle, repo)),
  ];
  const modules = order.layers.flat().length;
  const summary = `module order: ${modules} modules in ${order.layers.length} layers, no import against the order; no import circle in ${graph.size} files`;
  return { problems, circles, summary };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { problems, summary } = checkRepository(path.resolve(import.meta.dirname, '..'));
  if (problems.length > 0) {
    console.error(
      `Imports against the module order or in a circle (docs/conventions.md, "Module order"):\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
  console.log(summary);
}
