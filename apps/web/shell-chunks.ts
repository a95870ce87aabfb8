import type { Plugin } from 'vite';

/**
 * The app's own modules that every page runs before it is interactive, as three files instead
 * of a few dozen: what the entry, the root and the locale layout import (`shell`, every page), what
 * the public layout shares with the rest of the app (`frame`: the header, its account links, the
 * location and support launchers, buttons; with what they import) and what only the public layout
 * uses (`public-shell`: footer, consent, country banner), so a signed-in page loads none of that.
 * Rolldown's automatic chunking cannot know that these
 * routes always load together, so it gave each module shared by a different set of routes a file
 * of its own: ~30 files of a few hundred bytes on home, each compressed without the others'
 * context (16.2 KB gzip apart, 10.6 KB together).
 *
 * The plugin records the static import graph once the build has it; the groups' `test` (called
 * when chunks are made, after the build) captures the modules reachable from those routes by
 * static imports, never a route module itself (React Router loads each by its own file) and never
 * what they import lazily (dialogs, catalogs, the query library).
 */
type Group = 'shell' | 'frame' | 'publicShell' | 'appFrame';

export function shellChunks() {
  const imports = new Map<string, readonly string[]>();
  let closures: Record<Group, Set<string>> | undefined;

  const ROUTE_MODULE = /[\\/]app[\\/](entry\.client|root)\.tsx|[\\/]app[\\/]routes[\\/]/;
  const SHELL_ROOTS = /[\\/]app[\\/](entry\.client\.tsx|root\.tsx|routes[\\/]locale-layout\.tsx)/;
  const PUBLIC_ROOTS = /[\\/]app[\\/]routes[\\/]public-layout\.tsx/;
  const APP_ROOTS = /[\\/]app[\\/]routes[\\/]app-layout\.tsx/;

  function closure(roots: RegExp | string[]): Set<string> {
    const seen = new Set<string>();
    const stack = Array.isArray(roots) ? [...roots] : [...imports.keys()].filter((id) => roots.test(id));
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  }

  function capturedBy(group: Group) {
    return (id: string): boolean => {
      if (ROUTE_MODULE.test(id) || id.includes('node_modules')) return false;
      closures ??= (() => {
        const shell = closure(SHELL_ROOTS);
        const publicLayout = closure(PUBLIC_ROOTS);
        // What a module outside the public layout's graph imports, and all it imports in turn.
        const sharedRoots = [...imports].flatMap(([importer, imported]) =>
          publicLayout.has(importer) ? [] : imported.filter((id) => publicLayout.has(id) && !shell.has(id)),
        );
        const frame = new Set([...closure(sharedRoots)].filter((id) => publicLayout.has(id) && !shell.has(id)));
        const publicShell = new Set([...publicLayout].filter((id) => !shell.has(id) && !frame.has(id)));
        const appFrame = new Set([...closure(APP_ROOTS)].filter((id) => !shell.has(id) && !publicLayout.has(id)));
        return { shell, frame, publicShell, appFrame };
      })();
      return closures[group].has(id);
    };
  }

  const plugin: Plugin = {
    name: 'shell-chunks',
    apply: 'build',
    buildStart() {
      imports.clear();
      closures = undefined;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'shell', test: capturedBy('shell') },
      { name: 'frame', test: capturedBy('frame') },
      { name: 'public-shell', test: capturedBy('publicShell') },
      { name: 'app-frame', test: capturedBy('appFrame') },
    ],
  };
}
