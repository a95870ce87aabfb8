import type { Language } from '@app/shared/constants';
import { alternates } from '#app/lib/seo';

/** Canonical and hreflang links of a public page (React hoists them into <head>). */
export function PageLinks({
  publicUrl,
  lang,
  page,
}: {
  publicUrl: string;
  lang: Language;
  page: (lang: Language) => string;
}) {
  const urls = alternates(publicUrl, lang, page);
  return (
    <>
      <link rel="canonical" href={urls.canonical} />
      <link rel="alternate" hrefLang="en" href={urls.en} />
      <link rel="alternate" hrefLang="de" href={urls.de} />
      <link rel="alternate" hrefLang="x-default" href={urls.en} />
    </>
  );
}
