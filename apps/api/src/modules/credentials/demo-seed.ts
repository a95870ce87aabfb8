import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { indemnityInsurances, qualifications, users, workHistory } from '../../db/schema/index.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';

/** A one-page PDF saying what it is: the demo's certificate, so its download works like a real one. */
export function demoCertificatePdf(title: string): Buffer {
  const text = title.replace(/[\\()]/g, (char) => `\\${char}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The demo providers' current indemnity insurance (the listing rule requires one): a record and
 * its stored file, so the provider's and the back office's download answer like a real upload.
 */
export async function seedDemoInsurance(
  tx: Tx,
  input: { providerIds: string[]; now: Date; storage: PrivateStorage },
): Promise<void> {
  const file = demoCertificatePdf('Demo professional indemnity insurance certificate');
  const expiresOn = new Date(input.now.getTime() + 365 * 24 * 3600_000).toISOString().slice(0, 10);
  for (const providerId of input.providerIds) {
    const storageKey = `demo/insurance/${providerId}.pdf`;
    await input.storage.put(storageKey, file, { contentType: 'application/pdf' });
    await tx.insert(indemnityInsurances).values({
      providerId,
      storageKey,
      filename: 'indemnity-insurance.pdf',
      contentType: 'application/pdf',
      sizeBytes: file.length,
      expiresOn,
      createdAt: input.now,
    });
  }
}

/** Where a demo therapist's licence comes from and what they studied, by country. */
const DEMO_CREDENTIALS: Record<string, { body: string; prefix: string; degree: string; employer: string }> = {
  NG: {
    body: 'Medical and Dental Council of Nigeria',
    prefix: 'MDCN',
    degree: 'MSc Clinical Psychology, University of Lagos',
    employer: 'Lagos University Teaching Hospital',
  },
  GB: {
    body: 'Health and Care Professions Council',
    prefix: 'PYL',
    degree: 'DClinPsy, University College London',
    employer: 'NHS Talking Therapies',
  },
  US: {
    body: 'State Board of Behavioral Sciences',
    prefix: 'LMFT',
    degree: 'MA Marriage and Family Therapy, UCLA',
    employer: 'Community Mental Health Center',
  },
  DE: {
    body: 'Psychotherapeutenkammer',
    prefix: 'PTK',
    degree: 'M.Sc. Psychologie, Humboldt-Universität zu Berlin',
    employer: 'Charité – Universitätsmedizin Berlin',
  },
};

/**
 * Each demo therapist's licence, degree and work history, in place before the approval (`now`),
 * so their public page shows them as approved; the years in practice differ per therapist.
 */
export async function seedDemoCredentials(
  db: Tx,
  input: { now: Date; providers: { email: string; country: string }[] },
): Promise<void> {
  const ids = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        input.providers.map((provider) => provider.email),
      ),
    );
  const idOf = new Map(ids.map((row) => [row.email, row.id]));
  const before = new Date(input.now.getTime() - 24 * 3600_000);
  const year = input.now.getUTCFullYear();
  for (const [index, provider] of input.providers.entries()) {
    const providerId = idOf.get(provider.email);
    const credentials = DEMO_CREDENTIALS[provider.country];
    if (!providerId || !credentials) continue;
    await db.insert(qualifications).values([
      {
        providerId,
        type: 'license',
        body: credentials.body,
        credentialNumber: `${credentials.prefix}-${String(41_200 + index * 137).padStart(6, '0')}`,
        createdAt: before,
        updatedAt: before,
      },
      { providerId, type: 'education', title: credentials.degree, createdAt: before, updatedAt: before },
    ]);
    await db.insert(workHistory).values({
      providerId,
      companyName: credentials.employer,
      jobTitle: 'Therapist',
      startMonth: `${year - 4 - (index % 9)}-0${1 + (index % 9)}-01`,
      currentlyWorksHere: true,
      createdAt: before,
      updatedAt: before,
    });
  }
}
