import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, CameraOff, ImageUp, Mic, MicOff, PhoneOff } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callWindow } from '../../../shared/call-window.ts';
import { SESSION_SUGGESTION_IDEA_MAX, type TConsultation } from '../../../shared/contracts/consultations.ts';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { errorMessage } from '../../lib/errors.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { formatCallTime, formatClock } from './call-time.ts';
import { askForPlacementPhoto, consultationOptions, sendPlacementPhoto, suggestSession } from './consultations-api.ts';
import type { CallQuality } from './call-quality.ts';
import { useCall, type CallPhase } from './use-call.ts';
import { useWindowClock } from './use-window-clock.ts';
import { CallChat } from './call-chat.tsx';
import { useAuth } from '../../lib/auth.ts';

const NO_CONSULTATIONS: TConsultation[] = [];

const PHASE_TEXT: Record<CallPhase, string> = {
  starting: 'Starting your camera…',
  waiting: 'Waiting for the other person to join…',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Connection lost, reconnecting…',
  'peer-left': 'The other person left the call. They can rejoin while the call is open.',
  ended: 'You left the call.',
  failed: 'The call could not start.',
};

function MediaView({ stream, muted, label, className = '', testId, onFirstFrame }: { stream: MediaStream | null; muted: boolean; label: string; className?: string; testId: string; onFirstFrame?: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} data-testid={testId} onLoadedData={onFirstFrame} className={`rounded-lg bg-stone-900 object-cover ${className}`} />;
}

function QualityBadge({ quality }: { quality: CallQuality | null }) {
  if (!quality) return null;
  const colour = { good: 'bg-emerald-100 text-emerald-900', fair: 'bg-amber-100 text-amber-900', poor: 'bg-red-100 text-red-900', unknown: 'bg-stone-100 text-stone-800' }[quality.label];
  return (
    <p className={`rounded-md px-2 py-1 text-sm ${colour}`} data-testid="call-quality" data-frames-decoded={quality.framesDecoded}>
      Connection {quality.label}
      {quality.rttMs !== null ? ` · ${quality.rttMs} ms round trip` : ''}
      {quality.lossPercent !== null ? ` · ${quality.lossPercent}% packets lost` : ''}
    </p>
  );
}

function DevicePicker({ label, devices, onPick }: { label: string; devices: MediaDeviceInfo[]; onPick: (deviceId: string) => void }) {
  const id = useId();
  if (devices.length < 2) return null;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-stone-800">
      {label}
      <select id={id} className="rounded-md border border-stone-400 bg-white px-2 py-1" onChange={(e) => onPick(e.target.value)}>
        {devices.map((d, i) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || `${label} ${i + 1}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The client's side of a placement photo: a still from the camera, or a photo from the device. */
function PlacementPhotoPanel({ c, localStream, requested }: { c: TConsultation; localStream: MediaStream | null; requested: boolean }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const [busy, setBusy] = useState(false);
  const send = async (photo: Blob, name: string) => {
    setBusy(true);
    try {
      await sendPlacementPhoto(c.id, photo, name);
      toast({ title: 'Photo sent', description: 'It is attached to your booking for the artist.' });
      await queryClient.invalidateQueries({ queryKey: consultationOptions(c.id).queryKey });
    } catch (e) {
      toast({ title: 'The photo was not sent', description: errorMessage(e), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const takeStill = async () => {
    const track = localStream?.getVideoTracks()[0];
    if (!track) return;
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = new MediaStream([track]);
    await video.play();
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')!.drawImage(video, 0, 0);
    video.srcObject = null;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (blob) await send(blob, 'placement-still.jpg');
  };
  const placementPhotos = c.images.filter((i) => i.kind === 'placement');
  return (
    <section aria-labelledby="placement-h" className={`rounded-lg border p-4 ${requested ? 'border-amber-400 bg-amber-50' : 'border-stone-200 bg-white'}`}>
      <h2 id="placement-h" className="font-semibold text-stone-900">
        Placement photo
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {requested ? `${c.artist.displayName} asks for a photo of where the piece will go.` : 'Show the artist where the piece will go.'} Only you and the artist can see it.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={busy || !localStream} onClick={() => void takeStill()}>
          <Camera className="mr-1.5 h-4 w-4" aria-hidden="true" /> Take a still
        </Button>
        <label htmlFor={fileId} className="inline-flex cursor-pointer items-center rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-900 focus-within:ring-2 focus-within:ring-amber-600 hover:bg-stone-100">
          <ImageUp className="mr-1.5 h-4 w-4" aria-hidden="true" /> Upload a photo
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic"
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void send(file, file.name);
            }}
          />
        </label>
        {busy ? <span role="status">Sending…</span> : null}
      </div>
      {placementPhotos.length ? <p className="mt-2 text-sm text-stone-700">{placementPhotos.length} placement photo(s) on this booking.</p> : null}
    </section>
  );
}

/** The artist's follow-up once the consultation has started: a session request with the idea filled in, sent to the client to finish. */
function SuggestSessionForm({ c }: { c: TConsultation }) {
  const ideaId = useId();
  const serviceId = useId();
  const artist = useQuery<TArtistProfile>({ queryKey: [`/api/artists/${c.artistId}`] });
  const sessions = (artist.data?.services ?? []).filter((s) => s.kind !== 'consultation');
  const [idea, setIdea] = useState(c.idea.slice(0, SESSION_SUGGESTION_IDEA_MAX));
  const [service, setService] = useState('');
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await suggestSession(c.id, { serviceId: service || sessions[0]?.id || '', idea });
      setSent(true);
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  if (sent) return <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">Sent. {c.client.firstName} gets a link to the booking form with this idea filled in.</p>;
  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="suggest-h">
      <h2 id="suggest-h" className="font-semibold text-stone-900">
        Turn this into a session request
      </h2>
      <p className="mt-1 text-sm text-stone-700">{c.client.firstName} gets a link to your booking form with the service and idea filled in, and picks a time.</p>
      <label htmlFor={serviceId} className="mt-3 block text-sm font-medium text-stone-900">
        Session
      </label>
      <select id={serviceId} value={service} onChange={(e) => setService(e.target.value)} className="mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2">
        {sessions.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <label htmlFor={ideaId} className="mt-3 block text-sm font-medium text-stone-900">
        Idea
      </label>
      <textarea id={ideaId} value={idea} maxLength={SESSION_SUGGESTION_IDEA_MAX} rows={4} onChange={(e) => setIdea(e.target.value)} className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2" />
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="mt-3" disabled={sessions.length === 0}>
        Send to {c.client.firstName}
      </Button>
    </form>
  );
}

function Room({ c, zone, now }: { c: TConsultation; zone: string; now: number }) {
  const navigate = useNavigate();
  const open = callWindow(c, now).state === 'open';
  const role = c.viewerRole === 'artist' ? 'artist' : 'client';
  const call = useCall(c.id, role, open);
  const other = role === 'client' ? c.artist.displayName : c.client.firstName;
  const [asked, setAsked] = useState(false);
  const requested = Boolean(c.placementRequestedAt) || call.placementAsked;

  const { user } = useAuth();
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div>
        <p role="status" aria-live="polite" className="text-stone-800" data-testid="call-phase" data-phase={call.phase}>
          {PHASE_TEXT[call.phase]}
        </p>
        {call.error ? (
          <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 p-2 text-red-900">
            {call.error}
          </p>
        ) : null}
        <div className="relative mt-3 aspect-video w-full overflow-hidden rounded-lg bg-stone-900">
          <MediaView stream={call.remoteStream} muted={false} label={`Video of ${other}`} className="h-full w-full" testId="remote-video" onFirstFrame={call.onRemoteFrame} />
          <MediaView stream={call.localStream} muted label="Your own camera" className="absolute bottom-3 right-3 w-1/4 min-w-24 border-2 border-white" testId="self-video" />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={call.toggleCamera} aria-pressed={!call.cameraOn} disabled={!call.localStream}>
            {call.cameraOn ? <Camera className="mr-1.5 h-4 w-4" aria-hidden="true" /> : <CameraOff className="mr-1.5 h-4 w-4" aria-hidden="true" />}
            {call.cameraOn ? 'Turn camera off' : 'Turn camera on'}
          </Button>
          <Button variant="secondary" onClick={call.toggleMic} aria-pressed={!call.micOn} disabled={!call.localStream}>
            {call.micOn ? <Mic className="mr-1.5 h-4 w-4" aria-hidden="true" /> : <MicOff className="mr-1.5 h-4 w-4" aria-hidden="true" />}
            {call.micOn ? 'Mute' : 'Unmute'}
          </Button>
          <Button
            className="bg-red-700 hover:bg-red-600"
            onClick={() => {
              call.leave();
              void navigate('/consultations');
            }}
          >
            <PhoneOff className="mr-1.5 h-4 w-4" aria-hidden="true" /> Leave
          </Button>
          <QualityBadge quality={call.quality} />
        </div>
        <div className="mt-3 flex flex-wrap gap-4">
          <DevicePicker label="Camera" devices={call.devices.cameras} onPick={(id) => void call.chooseDevice('videoinput', id).catch((e: unknown) => toast({ title: 'Camera not switched', description: errorMessage(e), variant: 'error' }))} />
          <DevicePicker label="Microphone" devices={call.devices.microphones} onPick={(id) => void call.chooseDevice('audioinput', id).catch((e: unknown) => toast({ title: 'Microphone not switched', description: errorMessage(e), variant: 'error' }))} />
        </div>
        {call.firstFrame ? (
          <p className="sr-only" data-testid="call-first-frame" data-setup-ms={call.firstFrame.setupMs} data-at={call.firstFrame.at}>
            Video from {other} after {(call.firstFrame.setupMs / 1000).toFixed(1)} s
          </p>
        ) : null}
        <p className="mt-2 text-sm text-stone-700">Open until {formatClock(c.window.closesAt, zone)}.</p>
      </div>
      <aside className="space-y-4">
        <section className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 className="font-semibold text-stone-900">The idea</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{c.idea || 'No idea written down.'}</p>
          <Link to={`/bookings/${c.id}`} className="mt-2 inline-block text-sm font-medium text-stone-900 underline underline-offset-2">
            The booking
          </Link>
        </section>
        {c.conversationId && user && isLiveHref('/messages') ? <CallChat conversationId={c.conversationId} viewerId={user.id} otherName={other} zone={zone} /> : null}
        {role === 'client' ? (
          <PlacementPhotoPanel c={c} localStream={call.localStream} requested={requested} />
        ) : (
          <section className="rounded-lg border border-stone-200 bg-white p-4">
            <h2 className="font-semibold text-stone-900">Placement photo</h2>
            <p className="mt-1 text-sm text-stone-700">Ask {other} for a still of where the piece will go; it is attached to the booking.</p>
            <Button
              variant="secondary"
              className="mt-2"
              disabled={asked}
              onClick={() =>
                void askForPlacementPhoto(c.id).then(
                  () => setAsked(true),
                  (e: unknown) => toast({ title: 'Not sent', description: errorMessage(e), variant: 'error' }),
                )
              }
            >
              {asked ? 'Asked' : 'Ask for a placement photo'}
            </Button>
            {c.images.some((i) => i.kind === 'placement') ? (
              <Link to={`/bookings/${c.id}`} className="mt-2 block text-sm underline underline-offset-2">
                See the placement photos
              </Link>
            ) : null}
          </section>
        )}
        {role === 'artist' && now >= Date.parse(c.startsAt) ? <SuggestSessionForm c={c} /> : null}
      </aside>
    </div>
  );
}

type PolicyDocument = Document & { featurePolicy?: { allowsFeature(feature: string): boolean }; permissionsPolicy?: { allowsFeature(feature: string): boolean } };
const POLICY_RELOAD_KEY = 'call-room-policy-reload';

/**
 * The camera is allowed only in documents loaded at a call page (src/shared/media-capture.ts). A
 * visit that arrived by an in-app link from another page (the bell, a booking) still has that
 * page's policy: load this address as a document of its own, once.
 */
function useCameraPolicyDocument(): void {
  useEffect(() => {
    const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
    if (!policy || policy.allowsFeature('camera')) {
      sessionStorage.removeItem(POLICY_RELOAD_KEY);
      return;
    }
    if (sessionStorage.getItem(POLICY_RELOAD_KEY) === location.pathname) return;
    sessionStorage.setItem(POLICY_RELOAD_KEY, location.pathname);
    location.reload();
  }, []);
}

/** /consultations/{bookingId}: the 1:1 video call room, for the booking's two people inside the join window. */
export default function CallRoomPage() {
  const { bookingId = '' } = useParams();
  useCameraPolicyDocument();
  const zone = useBrowserZone();
  const { data, error, isPending } = useQuery(consultationOptions(bookingId));
  const now = useWindowClock(data ? [data] : NO_CONSULTATIONS);
  if (isPending || !zone) {
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-8 text-stone-700">
        Loading the call…
      </p>
    );
  }
  if (error) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold text-stone-900">Video call</h1>
        <p role="alert" className="mt-3 text-red-900">
          {errorMessage(error)}
        </p>
        <ButtonLink variant="secondary" className="mt-3" to="/consultations">
          Back to your video calls
        </ButtonLink>
      </div>
    );
  }
  const callState = callWindow(data, now);
  const other = data.viewerRole === 'client' ? data.artist.displayName : data.client.firstName;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">Video call with {other}</h1>
      <p className="text-stone-700">
        {data.service.name} · <time dateTime={data.startsAt}>{formatCallTime(data.startsAt, zone)}</time>
      </p>
      <div className="mt-4">
        {callState.state === 'open' ? (
          <Room c={data} zone={zone} now={now} />
        ) : (
          <div className="space-y-4">
            <p className="rounded-md border border-stone-200 bg-stone-50 p-4 text-stone-800">
              {callState.state === 'upcoming'
                ? `The call opens at ${formatClock(callState.opensAt, zone)}, 10 minutes before the start. Come back then.`
                : callState.state === 'ended'
                  ? 'This consultation is over.'
                  : 'This consultation is not confirmed yet, so there is no call to join.'}
            </p>
            {callState.state === 'ended' && data.viewerRole === 'artist' ? <SuggestSessionForm c={data} /> : null}
          </div>
        )}
      </div>
    </div>
  );
}
