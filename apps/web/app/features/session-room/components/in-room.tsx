import type { Room } from '@app/shared/schemas/session-room';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveSocket } from '#app/lib/live-socket';
import { cn } from '#app/ui/cn';
import type { LocalMedia } from '../lib/media';
import { type Quality, qualityOf, type StatsSample, sampleFrom } from '../lib/quality';
import { RoomConnection, type RoomSnapshot } from '../lib/room-connection';
import { CameraIcon, ChatIcon, LeaveIcon, MicIcon, ScreenIcon } from './icons';
import type { JoinChoice } from './pre-join-check';
import { type IndicatorState, QualityIndicator } from './quality-indicator';
import { VideoTile } from './video-tile';

export type LeaveReason = 'left' | 'replaced' | 'refused' | 'ended';

export interface InRoomProps {
  room: Room;
  media: LocalMedia;
  initial: JoinChoice;
  /** The text panel beside the video (the booking's conversation), composed by the route. */
  sidePanel: ReactNode;
  onLeft(reason: LeaveReason, code?: string): void;
}

const tabId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Math.random().toString(36).slice(2)}`;

function ControlButton({
  label,
  pressed,
  danger,
  onClick,
  children,
  testId,
  disabled,
}: {
  label: string;
  pressed?: boolean;
  danger?: boolean;
  onClick(): void;
  children: ReactNode;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={testId}
      className={cn(
        'flex min-w-16 flex-col items-center gap-1 rounded-xl px-3 py-2 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        danger
          ? 'bg-red-700 text-white hover:bg-red-800'
          : pressed
            ? 'bg-white text-slate-900'
            : 'bg-slate-700 text-white hover:bg-slate-600',
      )}
    >
      {children}
      <span>{label}</span>
    </button>
  );
}

/**
 * Inside the room: the other participant's picture large, one's own small, the controls (mute,
 * camera, screen share, chat, leave), the connection-quality indicator and the text panel. The
 * peer connection and its signalling live in RoomConnection; this shows its state.
 */
export function InRoom({ room, media, initial, sidePanel, onLeft }: InRoomProps) {
  const { t } = useTranslation();
  const [tab] = useState(tabId);
  const [snapshot, setSnapshot] = useState<RoomSnapshot | null>(null);
  const [microphoneOn, setMicrophoneOn] = useState(initial.microphone && media.microphone === 'ok');
  const [cameraOn, setCameraOn] = useState(initial.camera && media.camera === 'ok');
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  // The chat panel starts open beside the video on wide screens, closed below it on phones.
  const [chatOpen, setChatOpen] = useState(
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.('(min-width: 1024px)').matches),
  );
  const [quality, setQuality] = useState<{ quality: Quality; rttMs: number | null; lossPercent: number } | null>(null);
  const connection = useRef<RoomConnection | null>(null);
  const onLeftRef = useRef(onLeft);
  onLeftRef.current = onLeft;

  useEffect(() => {
    const current = new RoomConnection({
      room,
      tab,
      socket: liveSocket,
      localStream: media.stream,
      onChange: (next) => {
        setSnapshot(next);
        if (next.phase === 'replaced' || next.phase === 'refused')
          onLeftRef.current(next.phase, next.refusedCode ?? undefined);
      },
    });
    connection.current = current;
    current.setMicrophone(initial.microphone);
    current.setCamera(initial.camera);
    current.start();
    const leaveOnHide = () => current.leave();
    window.addEventListener('pagehide', leaveOnHide);
    // The room closes 15 minutes after the end: leave then (the server refuses anything later).
    const closing = setTimeout(
      () => {
        current.leave();
        onLeftRef.current('ended');
      },
      Math.max(0, new Date(room.closesAt).getTime() - Date.now()),
    );
    return () => {
      clearTimeout(closing);
      window.removeEventListener('pagehide', leaveOnHide);
      current.dispose();
      connection.current = null;
    };
  }, [room, tab, media.stream, initial.microphone, initial.camera]);

  // The quality indicator: round trip and packet loss from the connection's statistics every 2 s.
  useEffect(() => {
    let previous: StatsSample | null = null;
    const timer = setInterval(async () => {
      const pc = connection.current?.peerConnection();
      if (pc?.connectionState !== 'connected') {
        previous = null;
        return;
      }
      const sample = sampleFrom(await pc.getStats());
      setQuality(qualityOf(previous, sample));
      previous = sample;
    }, 2_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => () => screen?.stop(), [screen]);

  const phase = snapshot?.phase ?? 'joining';
  const indicator: IndicatorState =
    snapshot?.signallingOffline || phase === 'reconnecting'
      ? 'reconnecting'
      : phase === 'connected'
        ? (quality?.quality ?? 'good')
        : phase === 'waiting' || phase === 'joining'
          ? 'waiting'
          : 'connecting';
  const remoteState = snapshot?.remoteState;
  const remoteVisible = Boolean(snapshot?.remoteStream) && phase === 'connected' && remoteState?.video !== false;
  const ownStream = useMemo(() => (screen ? new MediaStream([screen]) : media.stream), [screen, media.stream]);

  const toggleScreen = async () => {
    const current = connection.current;
    if (!current) return;
    if (screen) {
      await current.shareScreen(null);
      setScreen(null);
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      track.addEventListener('ended', () => {
        void current.shareScreen(null);
        setScreen(null);
      });
      await current.shareScreen(track);
      setScreen(track);
    } catch {
      // The participant cancelled the browser's picker.
    }
  };

  const status =
    phase === 'reconnecting' || snapshot?.signallingOffline
      ? t('sessionRoom.status.reconnecting')
      : phase === 'connected'
        ? null
        : phase === 'connecting'
          ? t('sessionRoom.status.connecting', { name: room.peer.name })
          : t('sessionRoom.status.waiting', { name: room.peer.name });

  return (
    <div className="flex flex-col gap-4 lg:flex-row">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <section
          aria-label={t('sessionRoom.stage', { name: room.peer.name })}
          className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900"
          data-testid="room-stage"
          data-phase={phase}
        >
          <VideoTile
            stream={snapshot?.remoteStream ?? null}
            showVideo={remoteVisible}
            name={room.peer.name}
            photo={room.peer.photo}
            label={t('sessionRoom.remoteVideo', { name: room.peer.name })}
            className="absolute inset-0"
            testId="remote-video"
            contain={remoteState?.screen}
          />
          <div className="absolute top-3 left-3 flex items-center gap-2 rounded-full bg-slate-900/70 px-3 py-1 text-xs font-medium text-white">
            <span>{room.peer.name}</span>
            {remoteState && !remoteState.audio ? (
              <span className="flex items-center gap-1" data-testid="remote-muted">
                <MicIcon off />
                <span className="sr-only">{t('sessionRoom.peerMuted', { name: room.peer.name })}</span>
              </span>
            ) : null}
            {remoteState?.screen ? <span>· {t('sessionRoom.peerSharing')}</span> : null}
          </div>
          <div className="absolute top-3 right-3">
            <QualityIndicator state={indicator} rttMs={quality?.rttMs} lossPercent={quality?.lossPercent} />
          </div>
          {status ? (
            <p
              role="status"
              className="absolute inset-x-0 bottom-24 mx-auto w-fit max-w-[90%] rounded-full bg-slate-900/80 px-4 py-2 text-center text-sm text-white sm:bottom-8"
              data-testid="room-status"
            >
              {status}
            </p>
          ) : null}
          <VideoTile
            stream={ownStream}
            self
            contain={Boolean(screen)}
            showVideo={Boolean(screen) || (cameraOn && media.camera === 'ok')}
            name={room.self.name}
            photo={room.self.photo}
            label={t('sessionRoom.ownVideo')}
            className="absolute right-3 bottom-3 aspect-video w-28 rounded-lg ring-2 ring-white/70 sm:w-44"
            testId="own-video"
          />
        </section>
        <div
          role="toolbar"
          aria-label={t('sessionRoom.controls.label')}
          className="flex flex-wrap items-center justify-center gap-2 rounded-2xl bg-slate-800 p-2"
        >
          <ControlButton
            label={t(microphoneOn ? 'sessionRoom.controls.mute' : 'sessionRoom.controls.unmute')}
            pressed={!microphoneOn}
            disabled={media.microphone !== 'ok'}
            testId="toggle-microphone"
            onClick={() => {
              connection.current?.setMicrophone(!microphoneOn);
              setMicrophoneOn(!microphoneOn);
            }}
          >
            <MicIcon off={!microphoneOn} />
          </ControlButton>
          <ControlButton
            label={t(cameraOn ? 'sessionRoom.controls.cameraOff' : 'sessionRoom.controls.cameraOn')}
            pressed={!cameraOn}
            disabled={media.camera !== 'ok'}
            testId="toggle-camera"
            onClick={() => {
              connection.current?.setCamera(!cameraOn);
              setCameraOn(!cameraOn);
            }}
          >
            <CameraIcon off={!cameraOn} />
          </ControlButton>
          <ControlButton
            label={t(screen ? 'sessionRoom.controls.stopSharing' : 'sessionRoom.controls.shareScreen')}
            pressed={Boolean(screen)}
            disabled={typeof navigator === 'undefined' || !navigator.mediaDevices?.getDisplayMedia}
            testId="toggle-screen"
            onClick={() => void toggleScreen()}
          >
            <ScreenIcon />
          </ControlButton>
          <ControlButton
            label={t('sessionRoom.controls.chat')}
            pressed={chatOpen}
            testId="toggle-chat"
            onClick={() => setChatOpen((open) => !open)}
          >
            <ChatIcon />
          </ControlButton>
          <ControlButton
            label={t('sessionRoom.controls.leave')}
            danger
            testId="leave-room"
            onClick={() => {
              connection.current?.leave();
              onLeft('left');
            }}
          >
            <LeaveIcon />
          </ControlButton>
        </div>
      </div>
      <aside
        aria-label={t('sessionRoom.chat')}
        className={cn('w-full shrink-0 lg:w-96', chatOpen ? 'block' : 'hidden')}
        data-testid="room-chat"
      >
        {sidePanel}
      </aside>
    </div>
  );
}
