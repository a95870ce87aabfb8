import type { DocumentKind } from '@app/shared/schemas/documents';
import type { issuedDocuments } from '../../db/schema/index.ts';
import type { TaxLine } from './tax-rates.ts';

/** Words in both languages, as stored catalogue names are. */
export interface BothLanguages {
  en: string;
  de: string;
}

/** The platform's details as configured when the document was issued. */
export interface PlatformDetails {
  legalName: string;
  addressLines: string[];
  registrationNumber: string | null;
  vatNumber: string | null;
}

export interface ProviderDetails {
  name: string;
  practiceName: string | null;
  addressLines: string[];
  countryCode: string | null;
  npi: string | null;
  licenseNumber: string | null;
  licenseState: string | null;
}

export interface SessionDetails {
  therapyKey: string | null;
  therapy: BothLanguages | null;
  modalityKey: string | null;
  modality: BothLanguages | null;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
}

/**
 * Everything a document prints, frozen at issue (issued_documents.data): the reader's language
 * and time zone are applied when it is rendered, never stored.
 */
export interface DocumentData {
  version: 1;
  kind: DocumentKind;
  /** top_up, booking_payment or refund: what the money did. */
  event: 'top_up' | 'booking_payment' | 'refund';
  channel: 'card' | 'wallet' | 'bank_transfer' | null;
  /** The gateway's payment reference of a card payment or bank transfer. */
  paymentReference: string | null;
  paidAt: string;
  payer: { name: string; countryCode: string | null };
  platform: PlatformDetails;
  provider: ProviderDetails | null;
  session: SessionDetails | null;
  tax: TaxLine | null;
  /** The session invoice a refund or payment receipt belongs to. */
  invoiceNumber: string | null;
}

export interface IssuedDocument {
  id: string;
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  amountMinor: number;
  currencyCode: string;
  bookingId: string | null;
  payerId: string;
  providerId: string | null;
  data: DocumentData;
}

/** An issued_documents row as the document it is. */
export function toIssuedDocument(row: typeof issuedDocuments.$inferSelect): IssuedDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode,
    bookingId: row.bookingId,
    payerId: row.payerId,
    providerId: row.providerId,
    data: row.data as unknown as DocumentData,
  };
}
