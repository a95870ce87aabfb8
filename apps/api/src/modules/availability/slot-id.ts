import { createHmac, timingSafeEqual } from 'node:crypto';
import { fieldError } from '../../platform/app-error.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';

/**
 * A slot identifier is stable (the same slot always gets the same id) and verifiable (no one can
 * forge one): base64url of
 *   version (1 byte) | providerId (16) | categoryId or zeros (16) | start, epoch minutes (uint32) |
 *   duration minutes (uint16) | calendar revision (uint32) | HMAC-SHA256 of the previous bytes,
 *   first 12 bytes
 * keyed with a key derived from APP_SECRET. 55 bytes, 74 characters. The calendar revision is the
 * provider's when the slot was listed (provider_profiles.calendar_revision): while it has not
 * moved, the slot is still one the calendar offers.
 */
export interface SlotRef {
  providerId: string;
  /** The calendar the slot came from: a therapy category, or null for the general calendar. */
  categoryId: string | null;
  startMs: number;
  durationMinutes: number;
  /** The provider's calendar revision when the slot was listed. */
  revision: number;
}

const VERSION = 2;
const PAYLOAD_BYTES = 1 + 16 + 16 + 4 + 2 + 4;
const MAC_BYTES = 12;

const keys = new Map<string, Buffer>();
function slotKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('availability-slot-id-v1').digest();
    keys.set(secret, key);
  }
  return key;
}

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function bytesUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(secret: string, payload: Buffer): Buffer {
  return createHmac('sha256', slotKey(secret)).update(payload).digest().subarray(0, MAC_BYTES);
}

/** Encoding costs an HMAC; a month of slots asks for the same ids again and again. */
const encoded = new Map<string, string>();
const ENCODED_CACHE_LIMIT = 100_000;

export function encodeSlotId(secret: string, slot: SlotRef): string {
  const cacheKey = `${secret}|${slot.providerId}|${slot.categoryId}|${slot.startMs}|${slot.durationMinutes}|${slot.revision}`;
  const cached = encoded.get(cacheKey);
  if (cached) return cached;
  const id = computeSlotId(secret, slot);
  if (encoded.size >= ENCODED_CACHE_LIMIT) encoded.clear();
  encoded.set(cacheKey, id);
  return id;
}

function computeSlotId(secret: string, slot: SlotRef): string {
  if (!UUID_PATTERN.test(slot.providerId) || (slot.categoryId !== null && !UUID_PATTERN.test(slot.categoryId))) {
    throw new RangeError('slot ids need uuid provider and category ids');
  }
  const minutes = slot.startMs / 60_000;
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 0xffffffff)
    throw new RangeError('slot start out of range');
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  uuidBytes(slot.providerId).copy(payload, 1);
  if (slot.categoryId) uuidBytes(slot.categoryId).copy(payload, 17);
  payload.writeUInt32BE(minutes, 33);
  payload.writeUInt16BE(slot.durationMinutes, 37);
  payload.writeUInt32BE(slot.revision >>> 0, 39);
  return Buffer.concat([payload, mac(secret, payload)]).toString('base64url');
}

/** The slot an identifier names, or null when it is malformed or its signature does not match. */
export function decodeSlotId(secret: string, id: string): SlotRef | null {
  if (typeof id !== 'string' || id.length !== Math.ceil(((PAYLOAD_BYTES + MAC_BYTES) * 4) / 3)) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const bytes = Buffer.from(id, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(secret, payload))) return null;
  if (payload.readUInt8(0) !== VERSION) return null;
  const category = payload.subarray(17, 33);
  return {
    providerId: bytesUuid(payload.subarray(1, 17)),
    categoryId: category.every((byte) => byte === 0) ? null : bytesUuid(category),
    startMs: payload.readUInt32BE(33) * 60_000,
    durationMinutes: payload.readUInt16BE(37),
    revision: payload.readUInt32BE(39),
  };
}

/**
 * The slot a booker's timeslotIdentifier names, which must be ours and this provider's: else
 * 400 on timeslotIdentifier ("availability.slotInvalid"). The one reading of a slot identifier
 * for everything that takes a slot (resolveBookableSlot, a series' first date); only the
 * one-statement schedule reads it with decodeSlotId, to leave anything unusual to this path.
 */
export function slotOfProvider(secret: string, id: string, providerId: string): SlotRef & { endMs: number } {
  const ref = decodeSlotId(secret, id);
  if (!ref || ref.providerId !== providerId) throw fieldError('timeslotIdentifier', 'availability.slotInvalid');
  return { ...ref, endMs: ref.startMs + ref.durationMinutes * 60_000 };
}
