import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureCatalog, languageOfPath } from '#app/lib/i18n';

// The words every page shows (the catalog's shell part) load before hydration so the first render
// matches the server's; the page's own words loaded with its route modules, which the document
// imported before this one (`loadPageWords`). The rest of the catalog follows when the browser is idle.
await ensureCatalog(languageOfPath(window.location.pathname));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
