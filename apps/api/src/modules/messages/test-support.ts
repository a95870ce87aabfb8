import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings } from '../../db/schema/index.ts';

/** A client and a provider with a session between them (what makes them related). */
export async function relatedPair(t: TestApp, names: { client?: string; provider?: string } = {}) {
  const client = await createTestUser(t, { role: 'client', firstName: names.client ?? 'Ada', lastName: 'Client' });
  const provider = await createTestUser(t, {
    role: 'provider',
    firstName: names.provider ?? 'Bola',
    lastName: 'Therapist',
  });
  await t.deps.db.insert(bookings).values({
    clientId: client.id,
    providerId: provider.id,
    status: 'completed',
    startsAt: new Date('2027-02-01T10:00:00Z'),
    endsAt: new Date('2027-02-01T11:00:00Z'),
  });
  return { client, provider };
}

export async function openConversationVia(t: TestApp, user: TestUser, other: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages/conversations',
    headers: user.headers,
    payload: { userIdentifier: other.id },
  });
  if (res.statusCode !== 200) throw new Error(`open conversation: ${res.statusCode} ${res.body}`);
  return res.json().identifier;
}

/** A multipart body with fields and an optional file (field `file`). */
export function storeBody(
  fields: Record<string, string>,
  file?: { bytes: Buffer; filename: string; contentType?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----msg${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function sendVia(t: TestApp, user: TestUser, conversationId: string, text: string) {
  const body = storeBody({ conversationIdentifier: conversationId, text });
  return t.app.inject({
    method: 'POST',
    url: '/api/messages/store',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** The smallest valid PDF header a sniffer accepts. */
export const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
