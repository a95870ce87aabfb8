import type { MediaState, Room } from '@app/shared/schemas/session-room';
import type { LiveEvent, LiveStatus } from '#app/lib/live-socket';

/** The live socket as the room uses it (the app's one socket; a fake in tests). */
export interface RoomSocket {
  send(frame: Record<string, unknown>): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  retain(): () => void;
  getStatus(): LiveStatus;
  onStatus(listener: () => void): () => void;
}

export type RoomPhase =
  /** Entering: waiting for the server's answer to room.join. */
  | 'joining'
  /** In the room, the other side is not. */
  | 'waiting'
  /** The other side is there; the peer connection is being set up. */
  | 'connecting'
  | 'connected'
  /** The connection (media or signalling) dropped; trying again. */
  | 'reconnecting'
  /** The same user entered from another tab or device. */
  | 'replaced'
  /** The server refused (the room closed, …): `refusedCode`. */
  | 'refused'
  | 'left';

export interface RoomSnapshot {
  phase: RoomPhase;
  refusedCode: string | null;
  remoteStream: MediaStream | null;
  /** What the other side says about its microphone, camera and screen. */
  remoteState: MediaState | null;
  /** The live socket (signalling) is down. */
  signallingOffline: boolean;
}

export interface RoomConnectionOptions {
  room: Pick<Room, 'bookingIdentifier' | 'polite' | 'iceServers' | 'heartbeatSeconds'>;
  tab: string;
  socket: RoomSocket;
  /** Camera and microphone (either may be missing: the other side still sees and hears what there is). */
  localStream: MediaStream;
  onChange(snapshot: RoomSnapshot): void;
  createPeerConnection?(configuration: RTCConfiguration): RTCPeerConnection;
  /** How long to collect ICE candidates before sending them in one frame (the socket limits frames). */
  candidateBatchMs?: number;
  /** How long a disconnected connection may take to come back by itself before it is replaced. */
  stallMs?: number;
}

type Kind = 'audio' | 'video';

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * One participant's side of the session room: peer-to-peer WebRTC with the other participant,
 * signalled over the live socket (frames room.join / room.signal / room.heartbeat / room.leave,
 * relayed by the server to the other side only). Media never passes through our server.
 *
 * Who offers: whoever is in the room when the other arrives (room.peer). A reconnect is a new
 * peer connection with a new id: after a network drop the returning side joins again and the
 * side that stayed offers anew; when the media path fails while signalling works, both sides
 * join again and the one still in the room offers. Offers that cross are settled by perfect
 * negotiation: the client is polite (yields), the provider is not.
 */
export class RoomConnection {
  private readonly options: RoomConnectionOptions;
  private readonly createPc: (configuration: RTCConfiguration) => RTCPeerConnection;
  private pc: RTCPeerConnection | null = null;
  private pcId: string | null = null;
  private peerTab: string | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private outgoingCandidates: RTCIceCandidateInit[] = [];
  private candidateTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  private senders: Partial<Record<Kind, RTCRtpSender>> = {};
  private outgoingTracks: Record<Kind, MediaStreamTrack | null>;
  private mediaState: MediaState;
  private cleanups: Array<() => void> = [];
  private snapshot: RoomSnapshot = {
    phase: 'joining',
    refusedCode: null,
    remoteStream: null,
    remoteState: null,
    signallingOffline: false,
  };

  constructor(options: RoomConnectionOptions) {
    this.options = options;
    this.createPc = options.createPeerConnection ?? ((configuration) => new RTCPeerConnection(configuration));
    const audio = options.localStream.getAudioTracks()[0] ?? null;
    const video = options.localStream.getVideoTracks()[0] ?? null;
    this.outgoingTracks = { audio, video };
    this.mediaState = {
      audio: Boolean(audio?.enabled),
      video: Boolean(video?.enabled),
      screen: false,
    };
  }

  get state(): RoomSnapshot {
    return this.snapshot;
  }

  /** Enters the room: keeps the socket open, joins now and after every reconnect, renews the stay. */
  start(): void {
    const { socket } = this.options;
    this.cleanups.push(socket.retain());
    this.cleanups.push(socket.subscribe((event) => void this.onEvent(event)));
    this.cleanups.push(
      socket.onStatus(() => {
        const offline = socket.getStatus() !== 'online';
        if (offline !== this.snapshot.signallingOffline) this.update({ signallingOffline: offline });
      }),
    );
    if (socket.getStatus() === 'online') this.join();
    this.heartbeat = setInterval(() => this.frame('room.heartbeat'), this.options.room.heartbeatSeconds * 1000);
  }

  /** Leaves on purpose: the server records the leave time and tells the other side. */
  leave(): void {
    if (this.snapshot.phase === 'left') return;
    this.frame('room.leave');
    this.stop('left');
  }

  /** Closes everything without a Leave (the page goes away; the server sees the stay go quiet). */
  dispose(): void {
    if (this.snapshot.phase !== 'left') this.stop(this.snapshot.phase);
  }

  setMicrophone(on: boolean): void {
    const track = this.options.localStream.getAudioTracks()[0];
    if (track) track.enabled = on;
    this.setMediaState({ audio: Boolean(track) && on });
  }

  setCamera(on: boolean): void {
    const track = this.options.localStream.getVideoTracks()[0];
    if (track) track.enabled = on;
    this.setMediaState({ video: Boolean(track) && on });
  }

  /** Sends this track instead of the camera (a shared screen), or the camera again with null. */
  async shareScreen(track: MediaStreamTrack | null): Promise<void> {
    const camera = this.options.localStream.getVideoTracks()[0] ?? null;
    this.outgoingTracks.video = track ?? camera;
    await this.senders.video?.replaceTrack(this.outgoingTracks.video);
    this.setMediaState({ screen: track !== null });
  }

  /** The current peer connection (for statistics). */
  peerConnection(): RTCPeerConnection | null {
    return this.pc;
  }

  // ---------------------------------------------------------------- internals

  private update(change: Partial<RoomSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    this.options.onChange(this.snapshot);
  }

  private frame(type: string, extra: Record<string, unknown> = {}) {
    this.options.socket.send({
      type,
      bookingIdentifier: this.options.room.bookingIdentifier,
      tab: this.options.tab,
      ...extra,
    });
  }

  private signal(extra: Record<string, unknown>) {
    if (!this.peerTab || !this.pcId) return;
    this.frame('room.signal', { to: this.peerTab, pc: this.pcId, ...extra });
  }

  private setMediaState(change: Partial<MediaState>) {
    this.mediaState = { ...this.mediaState, ...change };
    this.signal({ state: this.mediaState });
  }

  private join() {
    this.frame('room.join');
  }

  private stop(phase: RoomPhase) {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.candidateTimer) clearTimeout(this.candidateTimer);
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.heartbeat = this.candidateTimer = this.stallTimer = null;
    this.closePc();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.update({ phase, remoteStream: null });
  }

  private closePc() {
    const pc = this.pc;
    this.pc = null;
    this.pcId = null;
    this.senders = {};
    this.pendingCandidates = [];
    this.outgoingCandidates = [];
    if (pc) {
      pc.onnegotiationneeded = pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = null;
      pc.close();
    }
  }

  private isOurs(event: LiveEvent): boolean {
    return event.bookingIdentifier === this.options.room.bookingIdentifier;
  }

  private async onEvent(event: LiveEvent) {
    if (this.snapshot.phase === 'left' || this.snapshot.phase === 'replaced' || this.snapshot.phase === 'refused') {
      return;
    }
    // After every (re)connection of the socket, enter again: the other side then reconnects to us.
    if (event.type === 'auth.ok') return this.join();
    if (!this.isOurs(event)) return;
    switch (event.type) {
      case 'room.joined':
        if (event.tab !== this.options.tab) return this.stop('replaced');
        if (this.snapshot.phase === 'joining') this.update({ phase: this.pc ? 'connecting' : 'waiting' });
        return;
      case 'room.refused':
        if (event.tab !== this.options.tab) return;
        this.update({ refusedCode: String(event.code) });
        return this.stop('refused');
      case 'room.peer':
        return this.onPeerJoined(String(event.tab));
      case 'room.peer-left':
        if (event.tab !== this.peerTab) return;
        this.closePc();
        this.peerTab = null;
        return this.update({ phase: 'waiting', remoteStream: null, remoteState: null });
      case 'room.signal':
        if (event.to !== this.options.tab) return;
        return this.onSignal(event);
    }
  }

  private onPeerJoined(tab: string) {
    if (this.pc && this.peerTab === tab && this.pc.connectionState === 'connected') {
      // The other side's signalling reconnected; the media path still works.
      this.signal({ state: this.mediaState });
      return;
    }
    this.peerTab = tab;
    this.openPc(randomId(), 'offer');
  }

  /** A new peer connection: as the offerer it adds its transceivers (negotiation follows). */
  private openPc(id: string, role: 'offer' | 'answer') {
    this.closePc();
    const pc = this.createPc({ iceServers: this.options.room.iceServers });
    this.pc = pc;
    this.pcId = id;
    this.makingOffer = false;
    this.ignoreOffer = false;
    const remote = new MediaStream();
    this.update({ phase: 'connecting', remoteStream: null });

    pc.onnegotiationneeded = async () => {
      if (this.pc !== pc) return;
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (this.pc === pc && pc.localDescription) this.signal({ description: describe(pc.localDescription) });
      } catch {
        // A crossing offer won; perfect negotiation recovers.
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (this.pc !== pc) return;
      if (candidate) this.outgoingCandidates.push(candidate.toJSON());
      this.scheduleCandidates(candidate === null);
    };
    pc.ontrack = (event) => {
      if (this.pc !== pc) return;
      const stream = event.streams[0] ?? remote;
      if (!event.streams[0]) remote.addTrack(event.track);
      this.update({ remoteStream: stream });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      const state = pc.connectionState;
      if (this.stallTimer) clearTimeout(this.stallTimer);
      this.stallTimer = null;
      if (state === 'connected') {
        this.update({ phase: 'connected' });
        this.signal({ state: this.mediaState });
      } else if (state === 'disconnected') {
        // Often back within seconds; if not, start over as for a failure.
        this.update({ phase: 'reconnecting' });
        this.stallTimer = setTimeout(() => this.pc === pc && this.restart(), this.options.stallMs ?? 6_000);
      } else if (state === 'failed') {
        this.restart();
      }
    };
    if (role === 'offer') this.addOwnMedia(pc);
  }

  /**
   * The media path is gone. The provider offers a new connection; the client enters again, so
   * that a provider whose connection still looks alive offers one too.
   */
  private restart() {
    this.update({ phase: 'reconnecting' });
    if (this.options.room.polite || !this.peerTab) this.join();
    else this.openPc(randomId(), 'offer');
  }

  private addOwnMedia(pc: RTCPeerConnection) {
    for (const kind of ['audio', 'video'] as const) {
      const transceiver = pc.addTransceiver(this.outgoingTracks[kind] ?? kind, {
        direction: 'sendrecv',
        streams: [this.options.localStream],
      });
      this.senders[kind] = transceiver.sender;
    }
  }

  /** The answerer uses the offer's transceivers, sending its own media on them. */
  private async attachOwnMedia(pc: RTCPeerConnection) {
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind as Kind;
      if (this.senders[kind]) continue;
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(this.outgoingTracks[kind]);
      transceiver.sender.setStreams?.(this.options.localStream);
      this.senders[kind] = transceiver.sender;
    }
  }

  private scheduleCandidates(now: boolean) {
    const flush = () => {
      this.candidateTimer = null;
      while (this.outgoingCandidates.length > 0) {
        this.signal({ candidates: this.outgoingCandidates.splice(0, 30) });
      }
    };
    if (now) {
      if (this.candidateTimer) clearTimeout(this.candidateTimer);
      flush();
    } else {
      this.candidateTimer ??= setTimeout(flush, this.options.candidateBatchMs ?? 150);
    }
  }

  private async onSignal(event: LiveEvent) {
    const from = String(event.from);
    const pcId = String(event.pc);
    const description = event.description as RTCSessionDescriptionInit | undefined;
    const candidates = event.candidates as RTCIceCandidateInit[] | undefined;
    const state = event.state as MediaState | undefined;

    if (description) {
      if (pcId !== this.pcId) {
        if (description.type !== 'offer') return; // an answer to a connection we already dropped
        const collision = this.pc !== null && (this.makingOffer || this.pc.signalingState === 'have-local-offer');
        if (collision && !this.options.room.polite && this.peerTab === from) return; // ours wins
        this.peerTab = from;
        this.openPc(pcId, 'answer');
      }
      const pc = this.pc;
      if (!pc) return;
      const offerCollision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
      this.ignoreOffer = !this.options.room.polite && offerCollision;
      if (this.ignoreOffer) return;
      try {
        await pc.setRemoteDescription(description);
        if (description.type === 'offer') {
          await this.attachOwnMedia(pc);
          await pc.setLocalDescription();
          if (pc.localDescription) this.signal({ description: describe(pc.localDescription) });
        }
        for (const candidate of this.pendingCandidates.splice(0)) await pc.addIceCandidate(candidate).catch(() => {});
      } catch {
        // A description for a state we already left; the next negotiation repairs it.
      }
    }
    if (candidates && pcId === this.pcId && this.pc) {
      for (const candidate of candidates) {
        if (!this.pc.remoteDescription) this.pendingCandidates.push(candidate);
        else await this.pc.addIceCandidate(candidate).catch(() => {});
      }
    }
    if (state) this.update({ remoteState: state });
  }
}

function describe(description: RTCSessionDescription | RTCSessionDescriptionInit) {
  return { type: description.type, sdp: description.sdp ?? '' };
}
