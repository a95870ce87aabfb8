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
 * Two more files serve the three public pages a visitor lands on (home, the directory, a
 * provider's page): `public-pages`, the modules two or more routes share (the provider card, the
 * star rating, dates, money, the page links…) that the booking step does not run, and
 * `booking-shared`, those it does run as well, so that the step a client opens from these pages
 * does not load the first file. Left to the automatic chunking they were 13 files of 0.1–1.6 KB
 * on the directory, each a request of its own before the page is interactive; over HTTP/1.1's six
 * connections on a slow link that queue delayed the first paint (the directory's Lighthouse score).
 *
 * The plugin records the static import graph once the build has it; the groups' `test` (called
 * when chunks are made, after the build) captures the modules reachable from those routes by
 * static imports, never a route module itself (React Router loads each by its own file) and never
 * what they import lazily (dialogs, catalogs, the query library).
 */
type Group = 'shell' | 'frame' | 'publicShell' | 'appFrame' | 'publicPages' | 'bookingShared';

export function shellChunks() {
  const imports = new Map<string, readonly string[]>();
  let closures: Record<Group, Set<string>> | undefined;

  const ROUTE_MODULE = /[\\/]app[\\/](entry\.client|root)\.tsx|[\\/]app[\\/]routes[\\/]/;
  const SHELL_ROOTS = /[\\/]app[\\/](entry\.client\.tsx|root\.tsx|routes[\\/]locale-layout\.tsx)/;
  const PUBLIC_ROOTS = /[\\/]app[\\/]routes[\\/]public-layout\.tsx/;
  const APP_ROOTS = /[\\/]app[\\/]routes[\\/]app-layout\.tsx/;
  // Each route file with the modules React Router's build splits from it (`?route-chunk=…`).
  const PUBLIC_PAGES = /[\\/]app[\\/]routes[\\/](home|providers|provider-profile)\.tsx($|\?)/;
  const BOOKING_ROOTS = /[\\/]app[\\/]routes[\\/](app-layout|booking)\.tsx($|\?)/;

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
        const booking = closure(BOOKING_ROOTS);
        const pages = [...closure(PUBLIC_PAGES)].filter((id) => !shell.has(id) && !publicLayout.has(id));
        const publicPages = new Set(pages.filter((id) => !booking.has(id)));
        const bookingShared = new Set(pages.filter((id) => booking.has(id)));
        return { shell, frame, publicShell, appFrame, publicPages, bookingShared };
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
      { name: 'booking-shared', test: capturedBy('bookingShared') },
      // A module only one route runs stays in that route's file.
      { name: 'public-pages', test: capturedBy('publicPages'), minShareCount: 2 },
    ],
  };
}
