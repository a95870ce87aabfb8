import type { Attachment, Message, Person } from '@app/shared/schemas/messages';
import { FILE_LINK_TTL_MS, signFileLink } from '../../platform/uploads/signed-links.ts';

export interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  text: string | null;
  attachmentKey: string | null;
  attachmentName: string | null;
  attachmentType: string | null;
  attachmentSize: number | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

export interface ViewContext {
  secret: string;
  now: Date;
  /** The person reading: seen ticks are shown on their own messages only. */
  viewerId: string;
  /** When the other participant last marked the conversation seen. */
  otherSeenAt: Date | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * What a participant sees of a message. Only the two participants ever reach this function, so
 * only they ever get a signed attachment link (valid 5 minutes).
 */
export function toMessage(row: MessageRow, context: ViewContext): Message {
  const deleted = row.deletedAt !== null;
  let attachment: Attachment | null = null;
  if (!deleted && row.attachmentKey && row.attachmentName) {
    attachment = {
      filename: row.attachmentName,
      contentType: row.attachmentType ?? 'application/octet-stream',
      size: row.attachmentSize ?? 0,
      url: signFileLink(context.secret, {
        key: row.attachmentKey,
        filename: row.attachmentName,
        expiresAt: new Date(context.now.getTime() + FILE_LINK_TTL_MS),
      }),
    };
  }
  const seen =
    row.senderId === context.viewerId && context.otherSeenAt && context.otherSeenAt >= row.createdAt
      ? context.otherSeenAt
      : null;
  return {
    identifier: row.id,
    conversationIdentifier: row.conversationId,
    senderIdentifier: row.senderId,
    text: deleted ? null : row.text,
    attachment,
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    deletedAt: iso(row.deletedAt),
    seenAt: iso(seen),
  };
}

export function toPerson(row: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  role: 'client' | 'provider' | 'admin';
}): Person {
  return { identifier: row.id, firstName: row.firstName, lastName: row.lastName, role: row.role };
}

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
