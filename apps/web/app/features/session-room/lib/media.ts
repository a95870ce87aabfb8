import type { IceServer } from '@app/shared/schemas/session-room';

export type DeviceStatus = 'checking' | 'ok' | 'denied' | 'missing' | 'unsupported';

export interface LocalMedia {
  stream: MediaStream;
  camera: DeviceStatus;
  microphone: DeviceStatus;
}

export interface DeviceChoice {
  audioDeviceId?: string;
  videoDeviceId?: string;
}

const VIDEO: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24 } };

function statusOf(error: unknown): DeviceStatus {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  return 'missing';
}

/**
 * Camera and microphone for the room: both at once (one permission prompt); when that fails,
 * each on its own, so a participant without a camera still joins with sound. Never throws: what
 * is missing is said per device.
 */
export async function openLocalMedia(choice: DeviceChoice = {}): Promise<LocalMedia> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    return { stream: new MediaStream(), camera: 'unsupported', microphone: 'unsupported' };
  }
  const audio: MediaTrackConstraints | boolean = choice.audioDeviceId
    ? { deviceId: { exact: choice.audioDeviceId }, echoCancellation: true, noiseSuppression: true }
    : { echoCancellation: true, noiseSuppression: true };
  const video: MediaTrackConstraints = choice.videoDeviceId
    ? { ...VIDEO, deviceId: { exact: choice.videoDeviceId } }
    : VIDEO;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio, video });
    return { stream, camera: 'ok', microphone: 'ok' };
  } catch {
    const stream = new MediaStream();
    let microphone: DeviceStatus = 'ok';
    let camera: DeviceStatus = 'ok';
    try {
      for (const track of (await navigator.mediaDevices.getUserMedia({ audio })).getTracks()) stream.addTrack(track);
    } catch (error) {
      microphone = statusOf(error);
    }
    try {
      for (const track of (await navigator.mediaDevices.getUserMedia({ video })).getTracks()) stream.addTrack(track);
    } catch (error) {
      camera = statusOf(error);
    }
    return { stream, camera, microphone };
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The cameras and microphones the browser names (labels only once permission was given). */
export async function listDevices(): Promise<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.enumerateDevices) {
    return { cameras: [], microphones: [] };
  }
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput' && device.deviceId),
    microphones: devices.filter((device) => device.kind === 'audioinput' && device.deviceId),
  };
}

export interface NetworkCheck {
  /** At least one way to reach the other side was found (a local address, STUN or TURN). */
  reachable: boolean;
  /** A relay (TURN) answered: the room works even behind strict firewalls. */
  relay: boolean;
}

/**
 * The connection part of the pre-join check: gathers ICE candidates with the room's servers for
 * up to `timeoutMs` (without contacting the other side).
 */
export async function checkNetwork(iceServers: IceServer[], timeoutMs = 3_000): Promise<NetworkCheck> {
  if (typeof RTCPeerConnection === 'undefined') return { reachable: false, relay: false };
  const pc = new RTCPeerConnection({ iceServers });
  const found = { reachable: false, relay: false };
  try {
    pc.createDataChannel('check');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      pc.onicecandidate = ({ candidate }) => {
        if (!candidate) {
          clearTimeout(timer);
          resolve();
          return;
        }
        found.reachable = true;
        if (candidate.type === 'relay') found.relay = true;
      };
      void pc.createOffer().then((offer) => pc.setLocalDescription(offer));
    });
  } catch {
    // No WebRTC here: reported as unreachable.
  } finally {
    pc.close();
  }
  return found;
}
