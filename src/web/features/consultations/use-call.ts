import { useCallback, useEffect, useRef, useState } from 'react';
import type { TServerFrame } from '../../../shared/contracts/realtime.ts';
import type { TClientFrame } from '../../../shared/contracts/realtime.ts';
import { realtime } from '../../lib/realtime.ts';
import { readQuality, type CallQuality } from './call-quality.ts';
import { fetchIceServers } from './consultations-api.ts';

/** How often the room reads getStats while a call is up. */
const STATS_EVERY_MS = 2_000;

export type CallPhase = 'starting' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'peer-left' | 'ended' | 'failed';

const fingerprintOf = (sdp: string) => /^a=fingerprint:(.+)$/m.exec(sdp)?.[1] ?? null;

type Devices = { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] };

/**
 * One side of a 1:1 WebRTC call, signalled over `/ws` (see the server's call-relay.ts for the
 * protocol): the artist's side always makes the offer, the client's side answers; ICE restarts when
 * the connection fails or the network changes.
 */
export function useCall(bookingId: string, role: 'client' | 'artist', enabled: boolean) {
  const [phase, setPhase] = useState<CallPhase>('starting');
  const [error, setError] = useState<string | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [quality, setQuality] = useState<CallQuality | null>(null);
  /** The first remote frame: milliseconds since this side joined, and when it was (epoch ms). */
  const [firstFrame, setFirstFrame] = useState<{ setupMs: number; at: number } | null>(null);
  const [placementAsked, setPlacementAsked] = useState(false);

  const pcRef = useRef<RTCPeerConnection | null>(null);
  const unsubscribeRef = useRef<(() => void) | null>(null);
  const localRef = useRef<MediaStream | null>(null);
  const iceRef = useRef<RTCIceServer[]>([]);
  const pendingIce = useRef<RTCIceCandidateInit[]>([]);
  const joinedAt = useRef(0);
  const frameQueue = useRef<Promise<void>>(Promise.resolve());
  const isOfferer = role === 'artist';

  // Call frames are only sent live: the tab's client would queue them while disconnected, and a
  // stale offer or candidate is worse than none (the room announces itself again on every `ready`).
  const send = useCallback((frame: TClientFrame) => {
    const client = realtime();
    if (client.isConnected()) client.send(frame);
  }, []);

  const closePeer = useCallback(() => {
    pcRef.current?.close();
    pcRef.current = null;
    pendingIce.current = [];
    setRemoteStream(null);
    setQuality(null);
  }, []);

  const makeOffer = useCallback(
    async (pc: RTCPeerConnection, iceRestart: boolean) => {
      const offer = await pc.createOffer(iceRestart ? { iceRestart: true } : {});
      await pc.setLocalDescription(offer);
      send({ type: 'call.offer', bookingId, sdp: pc.localDescription!.sdp });
    },
    [bookingId, send],
  );

  const newPeer = useCallback((): RTCPeerConnection => {
    closePeer();
    const pc = new RTCPeerConnection({ iceServers: iceRef.current });
    pcRef.current = pc;
    for (const track of localRef.current?.getTracks() ?? []) pc.addTrack(track, localRef.current!);
    pc.onicecandidate = (event) => {
      send({ type: 'call.ice', bookingId, candidate: event.candidate ? event.candidate.candidate : null, sdpMid: event.candidate?.sdpMid ?? null, sdpMLineIndex: event.candidate?.sdpMLineIndex ?? null });
    };
    pc.ontrack = (event) => {
      setRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    };
    pc.onconnectionstatechange = () => {
      if (pcRef.current !== pc) return;
      if (pc.connectionState === 'connected') setPhase('connected');
      else if (pc.connectionState === 'disconnected') setPhase('reconnecting');
      else if (pc.connectionState === 'failed') {
        setPhase('reconnecting');
        // The offering side restarts ICE; the other asks it to by announcing itself again.
        if (isOfferer) void makeOffer(pc, true).catch(() => setPhase('failed'));
        else send({ type: 'call.join', bookingId });
      }
    };
    setPhase('connecting');
    return pc;
  }, [bookingId, closePeer, isOfferer, makeOffer, send]);

  const flushIce = useCallback(async (pc: RTCPeerConnection) => {
    const queued = pendingIce.current;
    pendingIce.current = [];
    for (const candidate of queued) await pc.addIceCandidate(candidate);
  }, []);

  const onFrame = useCallback(
    async (frame: TServerFrame) => {
      if (frame.type === 'error') setError(frame.message);
      // The artist's placement photo request reaches the client as a notification pointing at this room.
      if (frame.type === 'notification' && frame.notification.actionUrl === `/consultations/${bookingId}`) setPlacementAsked(true);
      if (!('bookingId' in frame) || frame.bookingId !== bookingId) return;
      switch (frame.type) {
        case 'call.peer': {
          // The other person has arrived (again): a fresh connection, offered by the artist's side.
          if (!isOfferer) {
            send({ type: 'call.join', bookingId });
            break;
          }
          // Announcements can cross (a reconnect's and a reply's): while an offer is still out, send it
          // again rather than start over, or the answer to the first would land on a second connection.
          // The offer carries the candidates gathered so far.
          const current = pcRef.current;
          if (current?.signalingState === 'have-local-offer' && current.localDescription) send({ type: 'call.offer', bookingId, sdp: current.localDescription.sdp });
          else await makeOffer(newPeer(), false);
          break;
        }
        case 'call.offer': {
          // An ICE restart comes from the same peer (same DTLS fingerprint) and renegotiates; an offer
          // from a new peer connection (the artist reloaded or rejoined) needs a new one here too.
          const current = pcRef.current;
          const samePeer = current?.remoteDescription && fingerprintOf(current.remoteDescription.sdp) === fingerprintOf(frame.sdp);
          const pc = current && samePeer ? current : newPeer();
          await pc.setRemoteDescription({ type: 'offer', sdp: frame.sdp });
          await flushIce(pc);
          await pc.setLocalDescription(await pc.createAnswer());
          send({ type: 'call.answer', bookingId, sdp: pc.localDescription!.sdp });
          break;
        }
        case 'call.answer': {
          const pc = pcRef.current;
          if (!pc || pc.signalingState !== 'have-local-offer') return;
          await pc.setRemoteDescription({ type: 'answer', sdp: frame.sdp });
          await flushIce(pc);
          break;
        }
        case 'call.ice': {
          const candidate: RTCIceCandidateInit | null = frame.candidate ? { candidate: frame.candidate, sdpMid: frame.sdpMid ?? null, sdpMLineIndex: frame.sdpMLineIndex ?? null } : null;
          const pc = pcRef.current;
          if (!candidate) return;
          if (!pc || !pc.remoteDescription) pendingIce.current.push(candidate);
          else await pc.addIceCandidate(candidate);
          break;
        }
        case 'call.hangup':
          closePeer();
          setPhase('peer-left');
          break;
      }
    },
    [bookingId, closePeer, flushIce, isOfferer, makeOffer, newPeer, send],
  );

  // Start: camera and microphone, the ICE servers, then the socket; announce on every (re)connect.
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const start = async () => {
      try {
        const [stream, ice] = await Promise.all([navigator.mediaDevices.getUserMedia({ video: true, audio: true }), fetchIceServers(bookingId)]);
        if (cancelled) {
          stream.getTracks().forEach((t) => t.stop());
          return;
        }
        localRef.current = stream;
        iceRef.current = ice.iceServers;
        setLocalStream(stream);
        const all = await navigator.mediaDevices.enumerateDevices();
        setDevices({ cameras: all.filter((d) => d.kind === 'videoinput'), microphones: all.filter((d) => d.kind === 'audioinput') });
        setPhase('waiting');
        joinedAt.current = performance.now();
        // The tab's realtime socket carries the signalling. Announce now if it is up, and again after
        // every (re)connection (`ready`), so the other side offers afresh.
        const client = realtime();
        unsubscribeRef.current = client.subscribe((frame) => {
          if (frame.type === 'ready') send({ type: 'call.join', bookingId });
          // One frame at a time, in arrival order: an ICE candidate must not overtake the offer it belongs to.
          frameQueue.current = frameQueue.current.then(() => onFrame(frame)).catch((e: unknown) => setError(e instanceof Error ? e.message : 'The call could not be set up.'));
        });
        send({ type: 'call.join', bookingId });
      } catch (e) {
        if (cancelled) return;
        setPhase('failed');
        setError(
          e instanceof DOMException && (e.name === 'NotAllowedError' || e.name === 'NotFoundError')
            ? 'Your camera or microphone could not be used. Allow access in your browser and reload the page.'
            : e instanceof Error
              ? e.message
              : 'The call could not start.',
        );
      }
    };
    void start();
    return () => {
      cancelled = true;
      unsubscribeRef.current?.();
      unsubscribeRef.current = null;
      closePeer();
      localRef.current?.getTracks().forEach((t) => t.stop());
      localRef.current = null;
    };
    // onFrame changes identity only with the role and booking, which restart the call anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookingId, enabled]);

  // A network change (Wi-Fi to mobile, back online): restart ICE rather than wait for a timeout.
  useEffect(() => {
    if (!enabled) return;
    const restart = () => {
      const pc = pcRef.current;
      if (!pc) return;
      if (isOfferer) void makeOffer(pc, true).catch(() => setPhase('failed'));
      else send({ type: 'call.join', bookingId });
    };
    const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
    window.addEventListener('online', restart);
    connection?.addEventListener('change', restart);
    return () => {
      window.removeEventListener('online', restart);
      connection?.removeEventListener('change', restart);
    };
  }, [bookingId, enabled, isOfferer, makeOffer, send]);

  /** The remote video showed its first frame: the call's set-up time, from this side's join. */
  const onRemoteFrame = useCallback(() => {
    const setupMs = Math.round(performance.now() - joinedAt.current);
    const at = Date.now();
    setFirstFrame((seen) => seen ?? { setupMs, at });
  }, []);

  // Connection quality while the call is up.
  useEffect(() => {
    if (phase !== 'connected' && phase !== 'reconnecting') return;
    const read = async () => {
      const pc = pcRef.current;
      if (!pc) return;
      setQuality(readQuality(await pc.getStats()));
    };
    void read();
    const timer = setInterval(() => void read(), STATS_EVERY_MS);
    return () => clearInterval(timer);
  }, [phase]);

  const toggleCamera = useCallback(() => {
    const next = !cameraOn;
    localRef.current?.getVideoTracks().forEach((t) => (t.enabled = next));
    setCameraOn(next);
  }, [cameraOn]);

  const toggleMic = useCallback(() => {
    const next = !micOn;
    localRef.current?.getAudioTracks().forEach((t) => (t.enabled = next));
    setMicOn(next);
  }, [micOn]);

  /**
   * Switches camera or microphone: the old device is let go first, then the chosen one opens and its
   * track replaces the old one in the call. Many phones cannot hold their front and back cameras open
   * at once ("Could not start video source"), so a moment without video is the price. If the chosen
   * device cannot open, the previous one is opened again so the call keeps its picture, and the
   * error still reaches the caller (a toast).
   */
  const chooseDevice = useCallback(
    async (kind: 'videoinput' | 'audioinput', deviceId: string) => {
      const stream = localRef.current;
      if (!stream) return;
      const old = kind === 'videoinput' ? stream.getVideoTracks()[0] : stream.getAudioTracks()[0];
      const sender = pcRef.current?.getSenders().find((s) => s.track === old);
      const constraints = (id: string | undefined): MediaStreamConstraints =>
        kind === 'videoinput' ? { video: id ? { deviceId: { exact: id } } : true } : { audio: id ? { deviceId: { exact: id } } : true };
      const previousId = old?.getSettings().deviceId;
      if (old) {
        stream.removeTrack(old);
        old.stop();
      }
      let fresh: MediaStreamTrack;
      let failure: unknown = null;
      try {
        fresh = (await navigator.mediaDevices.getUserMedia(constraints(deviceId))).getTracks()[0]!;
      } catch (e) {
        failure = e;
        fresh = (await navigator.mediaDevices.getUserMedia(constraints(previousId))).getTracks()[0]!;
      }
      fresh.enabled = kind === 'videoinput' ? cameraOn : micOn;
      await sender?.replaceTrack(fresh);
      stream.addTrack(fresh);
      setLocalStream(new MediaStream(stream.getTracks()));
      if (failure) throw failure;
    },
    [cameraOn, micOn],
  );

  const leave = useCallback(() => {
    send({ type: 'call.hangup', bookingId });
    unsubscribeRef.current?.();
    unsubscribeRef.current = null;
    closePeer();
    localRef.current?.getTracks().forEach((t) => t.stop());
    localRef.current = null;
    setLocalStream(null);
    setPhase('ended');
  }, [bookingId, closePeer, send]);

  return { phase, error, placementAsked, onRemoteFrame, localStream, remoteStream, cameraOn, micOn, devices, quality, firstFrame, toggleCamera, toggleMic, chooseDevice, leave };
}
