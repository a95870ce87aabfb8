import type { Room } from '@app/shared/schemas/session-room';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveSocket, useLiveStatus } from '#app/lib/live-socket';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import {
  checkNetwork,
  type DeviceChoice,
  type DeviceStatus,
  type LocalMedia,
  listDevices,
  type NetworkCheck,
  openLocalMedia,
  stopStream,
} from '../lib/media';
import { CameraIcon, CheckIcon, MicIcon } from './icons';
import { MicLevel } from './mic-level';
import { VideoTile } from './video-tile';

export interface JoinChoice {
  microphone: boolean;
  camera: boolean;
}

export interface PreJoinCheckProps {
  selfName: string;
  selfPhoto: string | null;
  /** The open room, or null while it is not open (the check still runs). */
  room: Room | null;
  /** Why the room cannot be entered yet (the server's words), shown instead of the Join button. */
  notOpenMessage: string | null;
  onJoin(media: LocalMedia, choice: JoinChoice): void;
}

function CheckRow({ label, status, detail }: { label: string; status: 'ok' | 'bad' | 'checking'; detail: string }) {
  return (
    <li className="flex items-start gap-3" data-testid={`check-${label}`} data-status={status}>
      <span
        className={cn(
          'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full',
          status === 'ok' && 'bg-emerald-100 text-emerald-800',
          status === 'bad' && 'bg-red-100 text-red-800',
          status === 'checking' && 'bg-slate-100 text-slate-500',
        )}
      >
        {status === 'checking' ? (
          <span className="h-2 w-2 animate-pulse rounded-full bg-slate-400" />
        ) : (
          <CheckIcon ok={status === 'ok'} />
        )}
      </span>
      <div>
        <p className="text-sm font-medium text-slate-900">{label}</p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
    </li>
  );
}

const deviceTone = (status: DeviceStatus) => (status === 'ok' ? 'ok' : status === 'checking' ? 'checking' : 'bad');

/**
 * The check before joining: the camera's picture, the microphone's level, and the connection
 * (the live socket that carries the signalling, and whether the network finds a way out with the
 * room's STUN/TURN servers). Devices can be switched; the participant may join muted or with the
 * camera off. Joining hands the stream over to the room.
 */
export function PreJoinCheck({ selfName, selfPhoto, room, notOpenMessage, onJoin }: PreJoinCheckProps) {
  const { t } = useTranslation();
  const ids = useId();
  const status = useLiveStatus();
  const [media, setMedia] = useState<LocalMedia | null>(null);
  const [choice, setChoice] = useState<DeviceChoice>({});
  const [devices, setDevices] = useState<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }>({
    cameras: [],
    microphones: [],
  });
  const [network, setNetwork] = useState<NetworkCheck | null>(null);
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const handedOver = useRef(false);

  useEffect(() => liveSocket.retain(), []);

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    void openLocalMedia(choice).then(async (result) => {
      if (cancelled) return stopStream(result.stream);
      opened = result.stream;
      setMedia(result);
      setDevices(await listDevices());
    });
    return () => {
      cancelled = true;
      if (!handedOver.current) stopStream(opened);
    };
  }, [choice]);

  const iceServers = room?.iceServers;
  useEffect(() => {
    let cancelled = false;
    setNetwork(null);
    void checkNetwork(iceServers ?? []).then((result) => !cancelled && setNetwork(result));
    return () => {
      cancelled = true;
    };
  }, [iceServers]);

  useEffect(() => {
    for (const track of media?.stream.getAudioTracks() ?? []) track.enabled = microphoneOn;
  }, [media, microphoneOn]);
  useEffect(() => {
    for (const track of media?.stream.getVideoTracks() ?? []) track.enabled = cameraOn;
  }, [media, cameraOn]);

  const camera = media?.camera ?? 'checking';
  const microphone = media?.microphone ?? 'checking';
  const connection: 'ok' | 'bad' | 'checking' =
    status === 'online' && network?.reachable ? 'ok' : network === null || status === 'connecting' ? 'checking' : 'bad';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex flex-col gap-3">
        <VideoTile
          stream={media?.stream ?? null}
          self
          showVideo={camera === 'ok' && cameraOn}
          name={selfName}
          photo={selfPhoto}
          label={t('sessionRoom.check.preview')}
          className="relative aspect-video rounded-2xl"
          testId="preview-video"
        />
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button
            variant={microphoneOn ? 'secondary' : 'danger'}
            aria-pressed={!microphoneOn}
            onClick={() => setMicrophoneOn((on) => !on)}
            disabled={microphone !== 'ok'}
          >
            <MicIcon off={!microphoneOn} />
            {t(microphoneOn ? 'sessionRoom.controls.mute' : 'sessionRoom.controls.unmute')}
          </Button>
          <Button
            variant={cameraOn ? 'secondary' : 'danger'}
            aria-pressed={!cameraOn}
            onClick={() => setCameraOn((on) => !on)}
            disabled={camera !== 'ok'}
          >
            <CameraIcon off={!cameraOn} />
            {t(cameraOn ? 'sessionRoom.controls.cameraOff' : 'sessionRoom.controls.cameraOn')}
          </Button>
        </div>
      </div>

      <section
        aria-labelledby={`${ids}-check`}
        className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id={`${ids}-check`} className="text-lg font-semibold">
          {t('sessionRoom.check.title')}
        </h2>
        <ul className="flex flex-col gap-4">
          <CheckRow
            label={t('sessionRoom.check.camera')}
            status={deviceTone(camera)}
            detail={t(`sessionRoom.check.device.${camera}`)}
          />
          <CheckRow
            label={t('sessionRoom.check.microphone')}
            status={deviceTone(microphone)}
            detail={t(`sessionRoom.check.device.${microphone}`)}
          />
          <CheckRow
            label={t('sessionRoom.check.connection')}
            status={connection}
            detail={t(
              connection === 'ok'
                ? network?.relay
                  ? 'sessionRoom.check.connectionRelay'
                  : 'sessionRoom.check.connectionOk'
                : connection === 'checking'
                  ? 'sessionRoom.check.checking'
                  : 'sessionRoom.check.connectionBad',
            )}
          />
        </ul>
        {microphone === 'ok' ? <MicLevel stream={media?.stream ?? null} /> : null}
        {devices.cameras.length > 1 || devices.microphones.length > 1 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {devices.cameras.length > 1 ? (
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('sessionRoom.check.chooseCamera')}
                <select
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal"
                  value={choice.videoDeviceId ?? media?.stream.getVideoTracks()[0]?.getSettings().deviceId ?? ''}
                  onChange={(event) => setChoice((current) => ({ ...current, videoDeviceId: event.target.value }))}
                >
                  {devices.cameras.map((device, index) => (
                    <option key={device.deviceId} value={device.deviceId}>
                      {device.label || t('sessionRoom.check.cameraNumber', { number: index + 1 })}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {devices.microphones.length > 1 ? (
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('sessionRoom.check.chooseMicrophone')}
                <select
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal"
                  value={choice.audioDeviceId ?? media?.stream.getAudioTracks()[0]?.getSettings().deviceId ?? ''}
                  onChange={(event) => setChoice((current) => ({ ...current, audioDeviceId: event.target.value }))}
                >
                  {devices.microphones.map((device, index) => (
                    <option key={device.deviceId} value={device.deviceId}>
                      {device.label || t('sessionRoom.check.microphoneNumber', { number: index + 1 })}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        ) : null}
        <p className="text-xs text-slate-600">{t('sessionRoom.check.privacy')}</p>
        {notOpenMessage ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="room-not-open">
            {notOpenMessage}
          </p>
        ) : null}
        <Button
          disabled={!room || !media}
          onClick={() => {
            if (!media) return;
            handedOver.current = true;
            onJoin(media, { microphone: microphoneOn, camera: cameraOn });
          }}
          data-testid="join-room"
        >
          {t('sessionRoom.check.join')}
        </Button>
      </section>
    </div>
  );
}
