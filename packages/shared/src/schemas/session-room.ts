import { NO_SESSION_DECISIONS, SESSION_OUTCOMES } from '../session-rules.ts';
import { z } from '../zod.ts';
import { BOOKING_NOTE_MAX, BOOKING_PARTIES, ScheduleBookingBodySchema } from './bookings.ts';
import { PageQuerySchema, pageSchema } from './common.ts';

export { SESSION_OUTCOMES };

const instant = z.string();

/** An ICE server for RTCPeerConnection (STUN, or TURN with its credential). */
export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

const RoomPersonSchema = z.object({ identifier: z.uuid(), name: z.string(), photo: z.string().nullable() });

/** GET /booking/{id}/room: what the web room needs (only while it is open). */
export const RoomSchema = z.object({
  bookingIdentifier: z.uuid(),
  party: z.enum(BOOKING_PARTIES),
  self: RoomPersonSchema,
  peer: RoomPersonSchema,
  startAt: instant,
  endAt: instant,
  opensAt: instant,
  closesAt: instant,
  /** Perfect negotiation: the polite side (the client) yields when both offer at once. */
  polite: z.boolean(),
  iceServers: z.array(IceServerSchema),
  /** The booking's conversation (the pair's one conversation), for the text side panel. */
  conversationIdentifier: z.uuid(),
  heartbeatSeconds: z.number().int(),
});
export type Room = z.infer<typeof RoomSchema>;

export const AttendanceSchema = z.object({
  party: z.enum(BOOKING_PARTIES),
  joinedAt: instant,
  /** null while still in the room. */
  leftAt: instant.nullable(),
  /** The stay ended because the connection was lost, not by leaving. */
  lost: z.boolean(),
});
export type Attendance = z.infer<typeof AttendanceSchema>;

/** GET /booking/{id}/outcome (either party): what happened, and what may still be done. */
export const SessionOutcomeSchema = z.object({
  bookingIdentifier: z.uuid(),
  outcome: z.enum(SESSION_OUTCOMES).nullable(),
  decidedBy: z.enum(['system', 'provider']).nullable(),
  decidedAt: instant.nullable(),
  hasRoom: z.boolean(),
  refundMinor: z.number().int(),
  currencyCode: z.string(),
  attendance: z.array(AttendanceSchema),
  canMarkClientNoShow: z.boolean(),
  rebook: z.object({
    offered: z.boolean(),
    priceMinor: z.number().int().nullable(),
    until: instant.nullable(),
    bookingIdentifier: z.uuid().nullable(),
  }),
});
export type SessionOutcomeAnswer = z.infer<typeof SessionOutcomeSchema>;

/**
 * POST /booking/{id}/rebook: the replacement session's slot, and the price the client agreed to
 * (the offer may change meanwhile: a provider recording a no-show turns a free replacement into a
 * paid one).
 */
export const RebookBodySchema = ScheduleBookingBodySchema.extend({
  acceptedPriceMinor: z.number({ error: 'validation.required' }).int().min(0),
});
export type RebookBody = z.input<typeof RebookBodySchema>;

/** GET /admin/no-shows: missed sessions per provider or per client, most first. */
export const NoShowCountsQuerySchema = PageQuerySchema.extend({
  party: z.enum(BOOKING_PARTIES).default('provider'),
});
export const NoShowCountSchema = z.object({
  user: z.object({ identifier: z.uuid(), name: z.string(), email: z.string() }),
  noShows: z.number().int(),
  sessions: z.number().int(),
  lastNoShowAt: instant,
});
export const NoShowCountPageSchema = pageSchema(NoShowCountSchema);
export type NoShowCountPage = z.infer<typeof NoShowCountPageSchema>;

// ---------------------------------------------------------------- live socket frames

/** A tab in the room: a random id the browser picks when it opens the room. */
const TabSchema = z.string().regex(/^[\w-]{8,64}$/);

const SessionDescriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(14_000) });
const CandidateSchema = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});
const MediaStateSchema = z.object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() });

/** Browser → server: enter the room (again, after a reconnect). */
export const RoomJoinFrameSchema = z.object({ bookingIdentifier: z.uuid(), tab: TabSchema });
/** Browser → server: still here (every PRESENCE_HEARTBEAT_SECONDS). */
export const RoomHeartbeatFrameSchema = RoomJoinFrameSchema;
/** Browser → server: left on purpose. */
export const RoomLeaveFrameSchema = RoomJoinFrameSchema;
/** Browser → server → the other side's tab: a description, ICE candidates, or the media state. */
export const RoomSignalFrameSchema = RoomJoinFrameSchema.extend({
  to: TabSchema,
  /** The peer connection this signal belongs to (a new one after a reconnect). */
  pc: TabSchema,
  description: SessionDescriptionSchema.optional(),
  candidates: z.array(CandidateSchema).max(30).optional(),
  state: MediaStateSchema.optional(),
});
export type RoomSignalFrame = z.infer<typeof RoomSignalFrameSchema>;
export type MediaState = z.infer<typeof MediaStateSchema>;

/** The live events of the room, server → browser. */
export type RoomEvent =
  | { type: 'room.joined'; bookingIdentifier: string; tab: string }
  | { type: 'room.peer'; bookingIdentifier: string; tab: string; party: string }
  | { type: 'room.peer-left'; bookingIdentifier: string; tab: string }
  | { type: 'room.refused'; bookingIdentifier: string; tab: string; code: string }
  | (Omit<RoomSignalFrame, 'tab'> & { type: 'room.signal'; from: string });

/** POST /booking/{id}/no-session-report: the client says why the session did not take place. */
export const NoSessionReportBodySchema = z.object({
  note: z
    .string({ error: 'bookings.noSessionReasonRequired' })
    .trim()
    .min(1, 'bookings.noSessionReasonRequired')
    .max(BOOKING_NOTE_MAX, 'bookings.noteTooLong'),
});
export type NoSessionReportBody = z.input<typeof NoSessionReportBodySchema>;

/** A client's report that a session did not take place, and the operator's decision (null while it waits). */
export const NoSessionReportSchema = z.object({
  bookingIdentifier: z.uuid(),
  note: z.string(),
  reportedAt: z.string(),
  decision: z.enum(NO_SESSION_DECISIONS).nullable(),
  decidedAt: z.string().nullable(),
  /** What went back to the client's wallet (minor units). */
  refundMinor: z.number().int(),
  priceMinor: z.number().int(),
  currencyCode: z.string(),
  /** The end of the dispute window (the session's end plus 48 hours). */
  windowEndsAt: z.string().nullable(),
});
export type NoSessionReport = z.infer<typeof NoSessionReportSchema>;

/** One report as the back office reads it: the session's people and time, the operator's note. */
export const AdminNoSessionReportSchema = NoSessionReportSchema.extend({
  clientName: z.string(),
  providerName: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** Why the operator decided as they did (null while the report waits). */
  decisionNote: z.string().nullable(),
});
export type AdminNoSessionReport = z.infer<typeof AdminNoSessionReportSchema>;

/** GET /admin/no-session-reports: waiting ones first. */
export const NoSessionReportPageSchema = z.object({ data: z.array(AdminNoSessionReportSchema) });
export type NoSessionReportPage = z.infer<typeof NoSessionReportPageSchema>;

/**
 * GET /admin/no-session-reports/{id}: the report with what the room recorded: the outcome, each
 * party's stays, and the minutes the two were together inside the booked time.
 */
export const AdminNoSessionReportDetailSchema = AdminNoSessionReportSchema.extend({
  outcome: z.enum(SESSION_OUTCOMES).nullable(),
  attendance: z.array(AttendanceSchema),
  togetherMinutes: z.number().int(),
});
export type AdminNoSessionReportDetail = z.infer<typeof AdminNoSessionReportDetailSchema>;

export const NoSessionDecisionBodySchema = z.object({
  decision: z.enum(NO_SESSION_DECISIONS),
  note: z
    .string({ error: 'bookings.decisionNoteRequired' })
    .trim()
    .min(1, 'bookings.decisionNoteRequired')
    .max(BOOKING_NOTE_MAX, 'bookings.noteTooLong'),
});
export type NoSessionDecisionBody = z.input<typeof NoSessionDecisionBodySchema>;
