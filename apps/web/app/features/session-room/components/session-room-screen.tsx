import type { Room } from '@app/shared/schemas/session-room';
import { ROOM_OPENS_BEFORE_MINUTES } from '@app/shared/session-rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { longDateOf, timeRangeOf } from '#app/lib/format';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useRoom } from '../api/get-room';
import { type LocalMedia, stopStream } from '../lib/media';
import { InRoom, type LeaveReason } from './in-room';
import { type JoinChoice, PreJoinCheck } from './pre-join-check';

export interface SessionRoomScreenProps {
  bookingId: string;
  /** The booking's details page (back link, after leaving). */
  detailsPath: string;
  /** Where the client reads and signs the provider's consent (the room refuses them until then). */
  consentPath: string;
  /** The booking's conversation as a side panel (the route composes the messages feature). */
  renderChat(conversationId: string): ReactNode;
  renderNotFound(): ReactNode;
}

type Stage =
  | { kind: 'check' }
  | { kind: 'room'; room: Room; media: LocalMedia; choice: JoinChoice }
  | { kind: 'out'; reason: LeaveReason; code?: string; room: Room };

function Notice({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <div role="status" className="text-slate-800" data-testid="room-notice">
        {children}
      </div>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}

/**
 * /session/{id}: the pre-join check (while the room is not open yet, with the time it opens),
 * then the room, then what is left to do after leaving. Anyone but the booking's two
 * participants gets the not-found page.
 */
export function SessionRoomScreen({
  bookingId,
  detailsPath,
  consentPath,
  renderChat,
  renderNotFound,
}: SessionRoomScreenProps) {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  const query = useRoom(bookingId);
  const [stage, setStage] = useState<Stage>({ kind: 'check' });

  const error = query.error instanceof ApiError ? query.error : null;
  if (error?.status === 404) return <>{renderNotFound()}</>;

  const room = stage.kind === 'check' ? (query.data ?? null) : stage.room;
  const backLink = (
    <Link to={detailsPath} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
      {t('sessionRoom.backToBooking')}
    </Link>
  );
  const heading = (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-2xl font-semibold">
          {room ? t('sessionRoom.titleWith', { name: room.peer.name }) : t('sessionRoom.title')}
        </h1>
        {room && zone ? (
          <p className="text-sm text-slate-600">
            {longDateOf(room.startAt, zone, i18n.language)},{' '}
            {timeRangeOf(room.startAt, room.endAt, zone, i18n.language)}
          </p>
        ) : null}
      </div>
      {backLink}
    </div>
  );
  const title = (
    <title>{`${room ? t('sessionRoom.titleWith', { name: room.peer.name }) : t('sessionRoom.title')} · ${t('nav.brand')}`}</title>
  );

  if (stage.kind === 'room') {
    return (
      <>
        {title}
        {heading}
        <InRoom
          room={stage.room}
          media={stage.media}
          initial={stage.choice}
          sidePanel={renderChat(stage.room.conversationIdentifier)}
          onLeft={(reason, code) => {
            stopStream(stage.media.stream);
            setStage({ kind: 'out', reason, code, room: stage.room });
            if (reason !== 'left') void query.refetch();
          }}
        />
      </>
    );
  }

  if (stage.kind === 'out') {
    const stillOpen = Date.now() < new Date(stage.room.closesAt).getTime() && stage.reason === 'left';
    return (
      <>
        {title}
        {heading}
        <Notice
          actions={
            <>
              {stage.code === 'CONSENT_REQUIRED' ? (
                <Link
                  to={consentPath}
                  className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {t('telehealthConsent.room.signLink')}
                </Link>
              ) : null}
              {stillOpen ? (
                <Button onClick={() => setStage({ kind: 'check' })} data-testid="rejoin-room">
                  {t('sessionRoom.rejoin')}
                </Button>
              ) : null}
              <Link
                to={detailsPath}
                className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
              >
                {t('sessionRoom.backToBooking')}
              </Link>
            </>
          }
        >
          {stage.reason === 'refused' && stage.code
            ? t(`errors.${stage.code}`, { when: '', minutes: ROOM_OPENS_BEFORE_MINUTES })
            : t(`sessionRoom.out.${stage.reason}`)}
        </Notice>
      </>
    );
  }

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (error && error.code !== 'ROOM_NOT_OPEN') {
    return (
      <>
        {title}
        {heading}
        <Notice
          actions={
            error.code === 'CONSENT_REQUIRED' ? (
              <>
                <Link
                  to={consentPath}
                  className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  data-testid="sign-consent-link"
                >
                  {t('telehealthConsent.room.signLink')}
                </Link>
                {backLink}
              </>
            ) : error.status >= 500 || error.status === 0 ? (
              <Button variant="secondary" onClick={() => void query.refetch()}>
                {t('profileScreens.retry')}
              </Button>
            ) : (
              backLink
            )
          }
        >
          {error.message}
        </Notice>
      </>
    );
  }

  return (
    <>
      {title}
      {heading}
      <PreJoinCheck
        selfName={room?.self.name ?? ''}
        selfPhoto={room?.self.photo ?? null}
        room={room}
        notOpenMessage={error?.message ?? null}
        onJoin={(media, choice) => {
          if (room) setStage({ kind: 'room', room, media, choice });
        }}
      />
    </>
  );
}
