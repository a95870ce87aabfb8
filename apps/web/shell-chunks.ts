import type { Plugin } from 'vite';

/**
 * The app's own modules that every public page runs before it is interactive, as two files instead
 * of a few dozen: what the entry, the root and the locale layout import (every page), and what the
 * public layout adds (every public page). Rolldown's automatic chunking cannot know that these
 * routes always load together, so it gave each module shared by a different set of routes a file
 * of its own: ~30 files of a few hundred bytes on home, each compressed without the others'
 * context (16.2 KB gzip apart, 10.6 KB together).
 *
 * The plugin records the static import graph once the build has it; the groups' `test` (called
 * when chunks are made, after the build) captures the modules reachable from those routes by
 * static imports, never a route module itself (React Router loads each by its own file) and never
 * what they import lazily (dialogs, catalogs, the query library).
 */
export function shellChunks() {
  const imports = new Map<string, readonly string[]>();
  let closures: { shell: Set<string>; publicShell: Set<string> } | undefined;

  const ROUTE_MODULE = /[\\/]app[\\/](entry\.client|root)\.tsx|[\\/]app[\\/]routes[\\/]/;
  const SHELL_ROOTS = /[\\/]app[\\/](entry\.client\.tsx|root\.tsx|routes[\\/]locale-layout\.tsx)/;
  const PUBLIC_ROOTS = /[\\/]app[\\/]routes[\\/]public-layout\.tsx/;

  function closure(roots: RegExp): Set<string> {
    const seen = new Set<string>();
    const stack = [...imports.keys()].filter((id) => roots.test(id));
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  }

  function capturedBy(group: 'shell' | 'publicShell') {
    return (id: string): boolean => {
      if (ROUTE_MODULE.test(id) || id.includes('node_modules')) return false;
      closures ??= (() => {
        const shell = closure(SHELL_ROOTS);
        const publicShell = closure(PUBLIC_ROOTS);
        for (const id of shell) publicShell.delete(id);
        return { shell, publicShell };
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
      { name: 'public-shell', test: capturedBy('publicShell') },
    ],
  };
}
