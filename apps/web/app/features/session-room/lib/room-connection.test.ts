import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveStatus } from '#app/lib/live-socket';
import { RoomConnection, type RoomSnapshot, type RoomSocket } from './room-connection';

/** jsdom has no WebRTC: a media stream and a peer connection that follow the offer/answer states. */
class FakeTrack {
  enabled = true;
  constructor(readonly kind: 'audio' | 'video') {}
}

class FakeStream {
  constructor(private tracks: FakeTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

class FakeSender {
  constructor(public track: FakeTrack | null) {}
  replaceTrack = vi.fn(async (track: FakeTrack | null) => {
    this.track = track;
  });
  setStreams = vi.fn();
}

class FakePc {
  static all: FakePc[] = [];
  transceivers: Array<{ direction: string; sender: FakeSender; receiver: { track: { kind: string } } }> = [];
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  signalingState = 'stable';
  connectionState = 'new';
  candidates: unknown[] = [];
  closed = false;
  negotiationQueued = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: { toJSON(): unknown } | null }) => void) | null = null;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly configuration: RTCConfiguration) {
    FakePc.all.push(this);
  }
  addTransceiver(trackOrKind: FakeTrack | string, init: { direction: string }) {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    const transceiver = {
      direction: init.direction,
      sender: new FakeSender(typeof trackOrKind === 'string' ? null : trackOrKind),
      receiver: { track: { kind } },
    };
    this.transceivers.push(transceiver);
    // Like a browser: one negotiationneeded for the changes made together.
    if (!this.negotiationQueued) {
      this.negotiationQueued = true;
      queueMicrotask(() => {
        this.negotiationQueued = false;
        this.onnegotiationneeded?.();
      });
    }
    return transceiver;
  }
  getTransceivers() {
    return this.transceivers;
  }
  async setLocalDescription() {
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    this.localDescription = { type, sdp: `local-${type}` };
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
    if (description.type === 'offer') {
      this.signalingState = 'have-remote-offer';
      if (this.transceivers.length === 0) {
        for (const kind of ['audio', 'video']) {
          this.transceivers.push({
            direction: 'recvonly',
            sender: new FakeSender(null),
            receiver: { track: { kind } },
          });
        }
      }
    } else {
      this.signalingState = 'stable';
    }
  }
  async addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  become(state: string) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

class FakeSocket implements RoomSocket {
  sent: Array<Record<string, unknown>> = [];
  status: LiveStatus = 'online';
  private listeners = new Set<(event: LiveEvent) => void>();
  private statusListeners = new Set<() => void>();
  released = 0;
  send(frame: Record<string, unknown>) {
    this.sent.push(frame);
  }
  subscribe(listener: (event: LiveEvent) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  retain() {
    return () => {
      this.released++;
    };
  }
  getStatus() {
    return this.status;
  }
  onStatus(listener: () => void) {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }
  emit(event: LiveEvent) {
    for (const listener of this.listeners) listener(event);
  }
  setStatus(status: LiveStatus) {
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }
  of(type: string) {
    return this.sent.filter((frame) => frame.type === type);
  }
}

const BOOKING = '11111111-1111-4111-8111-111111111111';
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(polite: boolean) {
  const socket = new FakeSocket();
  const snapshots: RoomSnapshot[] = [];
  const stream = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
  const connection = new RoomConnection({
    room: {
      bookingIdentifier: BOOKING,
      polite,
      iceServers: [{ urls: ['stun:stun.example.org'] }],
      heartbeatSeconds: 15,
    },
    tab: 'my-tab-0001',
    socket,
    localStream: stream as unknown as MediaStream,
    onChange: (snapshot) => snapshots.push(snapshot),
    createPeerConnection: (configuration) => new FakePc(configuration) as unknown as RTCPeerConnection,
    candidateBatchMs: 100,
    stallMs: 1_000,
  });
  connection.start();
  const last = () => snapshots.at(-1) as RoomSnapshot;
  const event = (type: string, extra: Record<string, unknown> = {}) =>
    socket.emit({ type, bookingIdentifier: BOOKING, ...extra });
  return { socket, connection, stream, last, event };
}

beforeEach(() => {
  FakePc.all = [];
  vi.stubGlobal('MediaStream', FakeStream);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RoomConnection', () => {
  it('joins at once and after every reconnection of the socket, and renews its stay every 15 s', async () => {
    const { socket, event, last } = setup(true);
    expect(socket.sent[0]).toEqual({ type: 'room.join', bookingIdentifier: BOOKING, tab: 'my-tab-0001' });
    event('room.joined', { tab: 'my-tab-0001' });
    expect(last().phase).toBe('waiting');
    vi.advanceTimersByTime(30_000);
    expect(socket.of('room.heartbeat')).toHaveLength(2);
    socket.setStatus('offline');
    expect(last().signallingOffline).toBe(true);
    socket.setStatus('online');
    socket.emit({ type: 'auth.ok' });
    expect(socket.of('room.join')).toHaveLength(2);
  });

  it('offers a connection when the other side arrives, batching its ICE candidates into one frame', async () => {
    const { socket, event, last } = setup(false);
    event('room.peer', { tab: 'peer-tab-01', party: 'client' });
    await flush();
    const [pc] = FakePc.all;
    expect(pc?.configuration).toEqual({ iceServers: [{ urls: ['stun:stun.example.org'] }] });
    expect(pc?.transceivers.map((t) => [t.receiver.track.kind, t.direction, Boolean(t.sender.track)])).toEqual([
      ['audio', 'sendrecv', true],
      ['video', 'sendrecv', true],
    ]);
    const offer = socket.of('room.signal').find((frame) => frame.description);
    expect(offer).toMatchObject({ to: 'peer-tab-01', description: { type: 'offer', sdp: 'local-offer' } });
    const pcId = offer?.pc;
    for (const n of [1, 2, 3]) pc?.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: `c${n}` }) } });
    vi.advanceTimersByTime(100);
    const batches = socket.of('room.signal').filter((frame) => frame.candidates);
    expect(batches).toEqual([
      expect.objectContaining({
        pc: pcId,
        candidates: [{ candidate: 'c1' }, { candidate: 'c2' }, { candidate: 'c3' }],
      }),
    ]);
    event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: pcId,
      description: { type: 'answer', sdp: 'a' },
    });
    await flush();
    expect(pc?.signalingState).toBe('stable');
    pc?.become('connected');
    expect(last().phase).toBe('connected');
    // The media state follows the connection.
    expect(socket.of('room.signal').at(-1)).toMatchObject({ state: { audio: true, video: true, screen: false } });
  });

  it('answers a new connection with its own media, applying candidates that came before the offer was set', async () => {
    const { socket, event } = setup(true);
    event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-remote-1',
      description: { type: 'offer', sdp: 'o' },
    });
    event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-remote-1',
      candidates: [{ candidate: 'x' }],
    });
    await flush();
    const [pc] = FakePc.all;
    expect(pc?.transceivers.every((t) => t.direction === 'sendrecv' && t.sender.track)).toBe(true);
    expect(socket.of('room.signal').find((frame) => frame.description)).toMatchObject({
      to: 'peer-tab-01',
      pc: 'pc-remote-1',
      description: { type: 'answer' },
    });
    expect(pc?.candidates).toEqual([{ candidate: 'x' }]);
    // Signals meant for another tab are not ours.
    event('room.signal', {
      from: 'peer-tab-01',
      to: 'other-tab-01',
      pc: 'pc-remote-2',
      description: { type: 'offer', sdp: 'o' },
    });
    await flush();
    expect(FakePc.all).toHaveLength(1);
  });

  it('settles crossing offers: the provider keeps its own, the client yields', async () => {
    const provider = setup(false);
    provider.event('room.peer', { tab: 'peer-tab-01', party: 'client' });
    await Promise.resolve(); // its offer is being made
    provider.event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-theirs-1',
      description: { type: 'offer', sdp: 'o' },
    });
    await flush();
    expect(FakePc.all).toHaveLength(1);
    expect(FakePc.all[0]?.remoteDescription).toBeNull();

    FakePc.all = [];
    const client = setup(true);
    client.event('room.peer', { tab: 'peer-tab-01', party: 'provider' });
    await flush();
    client.event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-theirs-1',
      description: { type: 'offer', sdp: 'o' },
    });
    await flush();
    expect(FakePc.all).toHaveLength(2);
    expect(FakePc.all[0]?.closed).toBe(true);
    expect(FakePc.all[1]?.signalingState).toBe('stable');
  });

  it('after a failed connection the provider offers a new one and the client enters again', async () => {
    const provider = setup(false);
    provider.event('room.peer', { tab: 'peer-tab-01', party: 'client' });
    await flush();
    FakePc.all[0]?.become('failed');
    await flush();
    expect(provider.last().phase).toBe('connecting');
    const offers = provider.socket.of('room.signal').filter((frame) => frame.description);
    expect(offers).toHaveLength(2);
    expect(offers[1]?.pc).not.toBe(offers[0]?.pc);

    FakePc.all = [];
    const client = setup(true);
    client.event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-remote-1',
      description: { type: 'offer', sdp: 'o' },
    });
    await flush();
    FakePc.all[0]?.become('disconnected');
    expect(client.last().phase).toBe('reconnecting');
    vi.advanceTimersByTime(1_000); // still not back: start over
    expect(client.socket.of('room.join')).toHaveLength(2);
  });

  it('keeps a working connection when the other side only reconnected its signalling', async () => {
    const { event } = setup(false);
    event('room.peer', { tab: 'peer-tab-01', party: 'client' });
    await flush();
    FakePc.all[0]?.become('connected');
    event('room.peer', { tab: 'peer-tab-01', party: 'client' });
    await flush();
    expect(FakePc.all).toHaveLength(1);
    expect(FakePc.all[0]?.closed).toBe(false);
  });

  it('mutes, turns the camera off and shares the screen, telling the other side', async () => {
    const { socket, event, connection, stream, last } = setup(true);
    event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-remote-1',
      description: { type: 'offer', sdp: 'o' },
    });
    await flush();
    connection.setMicrophone(false);
    expect(stream.getAudioTracks()[0]?.enabled).toBe(false);
    connection.setCamera(false);
    expect(socket.of('room.signal').at(-1)).toMatchObject({ state: { audio: false, video: false, screen: false } });
    const screen = new FakeTrack('video');
    await connection.shareScreen(screen as unknown as MediaStreamTrack);
    const video = FakePc.all[0]?.transceivers.find((t) => t.receiver.track.kind === 'video');
    expect(video?.sender.track).toBe(screen);
    expect(socket.of('room.signal').at(-1)).toMatchObject({ state: { screen: true } });
    await connection.shareScreen(null);
    expect(video?.sender.track).toBe(stream.getVideoTracks()[0]);
    event('room.signal', {
      from: 'peer-tab-01',
      to: 'my-tab-0001',
      pc: 'pc-remote-1',
      state: { audio: false, video: true, screen: false },
    });
    await flush();
    expect(last().remoteState).toEqual({ audio: false, video: true, screen: false });
  });

  it('stops when the same user enters elsewhere, when refused, and on leave', async () => {
    const replaced = setup(true);
    replaced.event('room.joined', { tab: 'another-tab-1' });
    expect(replaced.last().phase).toBe('replaced');
    expect(replaced.socket.released).toBe(1);

    const refused = setup(true);
    refused.event('room.refused', { tab: 'my-tab-0001', code: 'ROOM_CLOSED' });
    expect(refused.last()).toMatchObject({ phase: 'refused', refusedCode: 'ROOM_CLOSED' });

    const leaving = setup(true);
    leaving.event('room.peer', { tab: 'peer-tab-01', party: 'provider' });
    await flush();
    leaving.connection.leave();
    expect(leaving.socket.sent.at(-1)).toEqual({ type: 'room.leave', bookingIdentifier: BOOKING, tab: 'my-tab-0001' });
    expect(leaving.last().phase).toBe('left');
    expect(FakePc.all.at(-1)?.closed).toBe(true);
  });
});
