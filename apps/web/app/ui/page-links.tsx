import type { Language } from '@app/shared/constants';
import { alternates } from '#app/lib/seo';

/** Canonical and hreflang links of a public page (React hoists them into <head>). */
export function PageLinks({ publicUrl, lang, path }: { publicUrl: string; lang: Language; path: string }) {
  const urls = alternates(publicUrl, lang, path);
  return (
    <>
      <link rel="canonical" href={urls.canonical} />
      <link rel="alternate" hrefLang="en" href={urls.en} />
      <link rel="alternate" hrefLang="de" href={urls.de} />
      <link rel="alternate" hrefLang="x-default" href={urls.en} />
    </>
  );
}
