import { type Language, languageOf } from '@app/shared/constants';
import { isLegalPage, LEGAL_PAGES } from '@app/shared/legal';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { paths } from '#app/lib/paths';
import { alternates } from '#app/lib/seo';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/legal';

/**
 * /legal/{terms|privacy|cookies|imprint}/ (public, server-rendered, cached like the policies): the
 * operator's text for the page in the reader's language, rendered from Markdown on the server and
 * sanitized there (apps/api/src/modules/legal/). The title and the links to it are the product's.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang: Language = languageOf(params.lang);
  if (!isLegalPage(params.page)) throw data(null, { status: 404 });
  const { html } = await context.services.legal.page({ page: params.page, language: lang });
  return { page: params.page, html, publicUrl: context.services.directory.publicUrl };
}

export default function LegalPageRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const { page, html, publicUrl } = loaderData;
  const links = alternates(publicUrl, lang, (language) => paths.legal(language, page));
  const title = t(`legal.titles.${page}`);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10">
      <title>{`${title} · ${t('nav.brand')}`}</title>
      <meta name="description" content={t(`legal.descriptions.${page}`)} />
      <link rel="canonical" href={links.canonical} />
      <link rel="alternate" hrefLang="en" href={links.en} />
      <link rel="alternate" hrefLang="de" href={links.de} />
      <h1 className="text-3xl font-semibold break-words hyphens-auto text-slate-900">{title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from Markdown with raw HTML off and unsafe links refused (modules/legal) */}
      <article className="legal-text mt-6" data-testid="legal-text" dangerouslySetInnerHTML={{ __html: html }} />
      <nav aria-label={t('legal.heading')} className="mt-10 border-t border-slate-200 pt-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {LEGAL_PAGES.filter((other) => other !== page).map((other) => (
            <li key={other}>
              <Link to={paths.legal(lang, other)} className="text-brand-700 underline">
                {t(`legal.titles.${other}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
