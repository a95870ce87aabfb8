import type { Language } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { documentFormatter } from '../documents/format.ts';
import { PdfPage } from '../documents/pdf/layout.ts';
import { personName } from '../profiles/person-json.ts';
import { loadSignatureForParty } from './signatures.ts';

/**
 * GET /consent/signatures/{id}/pdf (the client or the provider of the signature): the signed
 * version's words, then the signature page: typed name, time in the reader's zone and language,
 * IP, user agent and the SHA-256 of the version's bytes.
 */
export async function signedConsentPdf(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; signatureId: string; language: Language },
): Promise<{ filename: string; pdf: Buffer }> {
  const { signature, document } = await loadSignatureForParty(deps.db, input);
  const people = await deps.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
      timezone: users.timezone,
    })
    .from(users)
    .where(eq(users.id, input.actor.userId));
  const [provider] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, signature.providerId));
  const reader = people[0];
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(input.language, `telehealthConsent.pdf.${key}`, params);
  const f = documentFormatter(input.language, reader?.timezone ?? 'UTC');
  const providerName = (provider && personName(provider)) || t('deletedUser');
  const title = t('title');
  const page = new PdfPage({
    title: `${title} v${document.version}`,
    language: input.language,
    author: providerName,
    createdAt: signature.signedAt,
  });
  page.header({
    brand: providerName,
    title,
    facts: [
      [t('version'), String(document.version)],
      [t('signedAt'), f.dateTime(signature.signedAt)],
    ],
  });
  for (const paragraph of document.body.split(/\n{2,}/)) page.paragraph(paragraph);
  page.doc.addPage();
  page.heading(t('signaturePage'));
  page.table(
    [
      { header: t('field'), width: 0.3 },
      { header: t('value'), width: 0.7 },
    ],
    [
      [t('signedName'), signature.signedName],
      [t('signedAt'), f.dateTime(signature.signedAt)],
      [t('ip'), signature.ip ?? '—'],
      [t('userAgent'), signature.userAgent ?? '—'],
      [t('version'), String(document.version)],
      // In blocks of 16, so a narrow column wraps between blocks, never inside one.
      [t('sha256'), (signature.sha256.match(/.{1,16}/g) ?? []).join(' ')],
    ],
  );
  page.paragraph(t('explanation'), { muted: true, size: 9 });
  const pdf = await page.finish(t('footer', { version: document.version }));
  return { filename: `consent-v${document.version}-${signature.signedAt.toISOString().slice(0, 10)}.pdf`, pdf };
}
