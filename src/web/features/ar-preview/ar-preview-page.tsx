import { useQuery } from '@tanstack/react-query';
import { Camera, Download, ImageUp, Paperclip, RotateCcw, ShieldCheck } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TArtistListItem } from '../../../shared/contracts/artists.ts';
import type { TFavouriteDesigns } from '../../../shared/contracts/designs.ts';
import type { TFlashPage } from '../../../shared/contracts/flash.ts';
import type { TFavourites } from '../../../shared/contracts/favourites.ts';
import { UPLOAD_ACCEPT } from '../../../shared/contracts/portfolio.ts';
import { useAuth, useIsArtist } from '../../lib/auth.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import {
  arErrorText,
  findArtists,
  flashAsDesign,
  isUploadPath,
  isUuid,
  loadFlashDesign,
  loadGeneratedDesign,
  loadImage,
  loadPortfolioImage,
  snapshotFileName,
  uploadSnapshot,
  type ArDesign,
} from './ar-api.ts';
import { ArRenderer, rasteriseDesign } from './ar-renderer.ts';
import { CAMERA_CONSTRAINTS, cameraProblem, cameraUnavailable, type CameraProblem } from './camera.ts';
import {
  baseSize,
  centredPlacement,
  cornerKey,
  describePlacement,
  isConvex,
  moveCorner,
  NO_WARP,
  OPACITY_MAX,
  OPACITY_MIN,
  pinch,
  placedQuad,
  placementKey,
  SCALE_MAX,
  SCALE_MIN,
  wheelScale,
  withOpacity,
  withPosition,
  withRotation,
  withScale,
  type CornerIndex,
  type Placement,
  type Point,
} from './placement.ts';

/** A photo is drawn at most this many pixels on its longer side (plenty for a preview; keeps frames cheap). */
const PHOTO_MAX = 1600;
const DEFAULT_STAGE = { width: 960, height: 720 };
const CORNER_NAMES = ['Top-left', 'Top-right', 'Bottom-right', 'Bottom-left'] as const;
const SMALL_BUTTON =
  'inline-flex items-center gap-1.5 rounded-md border border-stone-300 bg-white px-2.5 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 disabled:cursor-not-allowed disabled:text-stone-400';

type Source = { kind: 'none' } | { kind: 'camera' } | { kind: 'photo'; image: HTMLImageElement };

const loginHref = (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`;

const PrivacyNote = memo(function PrivacyNote() {
  return (
    <p className="flex gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
      <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        <strong>Your camera and photos stay on this device.</strong> The preview is drawn in your browser; nothing is uploaded or recorded. A snapshot leaves your device only
        if you choose “Attach to a booking request”, and then only to the artist you pick.
      </span>
    </p>
  );
});

const Instructions = memo(function Instructions({ id }: { id: string }) {
  return (
    <div id={id} className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800">
      <h3 className="font-semibold text-stone-950">How to place the design</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>Drag the picture to move the design. Pinch with two fingers, or use the mouse wheel, to resize; turn two fingers to rotate.</li>
        <li>
          Keyboard: focus the preview, then <kbd>←</kbd> <kbd>→</kbd> <kbd>↑</kbd> <kbd>↓</kbd> move, <kbd>+</kbd> and <kbd>-</kbd> resize, <kbd>[</kbd> and <kbd>]</kbd> rotate.
          Hold <kbd>Shift</kbd> for bigger steps.
        </li>
        <li>For a curved spot (forearm, calf, ribs), turn on “Warp corners” and move each corner handle by dragging it, or focus it and use the arrow keys.</li>
        <li>Skin blending lets the skin’s shading show through the ink, as a healed tattoo would. “Remove the paper background” clears the paper a design was drawn on.</li>
      </ul>
    </div>
  );
});

/** Designs to choose from: yours (favourites from the generator, saved flash) and the flash gallery. */
const DesignPicker = memo(function DesignPicker({ current, onPick, signedIn, isArtist }: { current: ArDesign | null; onPick: (d: ArDesign) => void; signedIn: boolean; isArtist: boolean }) {
  const favouriteDesigns = useQuery<TFavouriteDesigns>({ queryKey: ['/api/designs/favourites'], enabled: signedIn && !isArtist });
  const saved = useQuery<TFavourites>({ queryKey: ['/api/favourites'], enabled: signedIn });
  const gallery = useQuery<TFlashPage>({ queryKey: ['/api/flash?limit=8'] });
  const choice = (d: ArDesign, thumb: string, key: string) => (
    <li key={key}>
      <button
        type="button"
        onClick={() => onPick(d)}
        aria-pressed={current?.kind === d.kind && current.ref === d.ref}
        className="flex w-full flex-col items-center gap-1 rounded-md border border-stone-200 bg-white p-1.5 text-xs text-stone-800 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 aria-pressed:border-amber-600 aria-pressed:bg-amber-50"
      >
        <img src={thumb} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 rounded bg-white object-contain" />
        <span className="line-clamp-2 text-center">{d.label}</span>
      </button>
    </li>
  );
  const grid = 'mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-3';
  return (
    <div className="space-y-4">
      {signedIn && !isArtist ? (
        <div>
          <h3 className="font-medium text-stone-900">Your favourite generated designs</h3>
          {favouriteDesigns.isPending ? <p className="text-sm text-stone-600">Loading…</p> : null}
          {favouriteDesigns.isError ? <p className="text-sm text-red-800">{arErrorText(favouriteDesigns.error, 'your designs')}</p> : null}
          {favouriteDesigns.data?.designs.length === 0 ? (
            <p className="text-sm text-stone-600">
              None yet. Mark designs as favourites in the <Link to="/ai-generator" className="underline underline-offset-2">design generator</Link>.
            </p>
          ) : null}
          {favouriteDesigns.data?.designs.length ? (
            <ul className={grid}>
              {favouriteDesigns.data.designs.map((d) =>
                choice({ kind: 'design', ref: d.id, label: `Design ${d.position + 1}: ${d.prompt}`, src: d.imageUrl, artist: null, flashId: null }, d.imageUrl, d.id),
              )}
            </ul>
          ) : null}
        </div>
      ) : null}
      {signedIn && saved.data?.flash.length ? (
        <div>
          <h3 className="font-medium text-stone-900">Your saved flash</h3>
          <ul className={grid}>{saved.data.flash.map((f) => choice({ ...flashAsDesign({ ...f, imageUrl: f.thumbUrl }) }, f.thumbUrl, `saved-${f.id}`))}</ul>
        </div>
      ) : null}
      <div>
        <h3 className="font-medium text-stone-900">Flash designs</h3>
        {gallery.isPending ? <p className="text-sm text-stone-600">Loading flash designs…</p> : null}
        {gallery.isError ? <p className="text-sm text-red-800">{arErrorText(gallery.error, 'flash designs')}</p> : null}
        {gallery.data?.items.length === 0 ? <p className="text-sm text-stone-600">No flash designs yet.</p> : null}
        {gallery.data?.items.length ? <ul className={grid}>{gallery.data.items.map((f) => choice(flashAsDesign(f), f.thumbUrl, `flash-${f.id}`))}</ul> : null}
      </div>
    </div>
  );
});

/** Attach the snapshot to a booking request: upload it through the booking flow's reference-photo upload, then open the flow. */
const AttachSnapshot = memo(function AttachSnapshot({ blob, design }: { blob: Blob; design: ArDesign | null }) {
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [sending, setSending] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const artists = useQuery<TArtistListItem[]>({ queryKey: ['ar-artists', search], queryFn: () => findArtists(search), enabled: isAuthenticated && search.length > 0 });

  if (isLoading) return null;
  if (!isAuthenticated) {
    return (
      <p className="text-sm text-stone-700">
        To attach a snapshot to a booking request, <a href={loginHref(`${location.pathname}${location.search}`)} className="font-medium underline underline-offset-2">sign in</a>. Download it first: you can add
        it as a reference photo when you book.
      </p>
    );
  }

  const attach = async (artist: { id: string; displayName: string }) => {
    setSending(artist.id);
    setProblem(null);
    try {
      const image = await uploadSnapshot(blob, setProgress);
      const flash = design?.flashId && design.artist?.id === artist.id ? `?flash=${design.flashId}` : '';
      await navigate(`/book/${artist.id}${flash}`, { state: { referenceImage: image } });
    } catch (error) {
      setProblem(arErrorText(error, 'the upload'));
      setSending(null);
    }
  };

  const attachButton = (artist: { id: string; displayName: string }, extra?: string) => (
    <Button variant="secondary" className="w-full justify-between text-left" disabled={sending !== null} onClick={() => void attach(artist)}>
      <span>
        <Paperclip aria-hidden="true" className="mr-1.5 inline h-4 w-4" />
        Attach to a booking request with {artist.displayName}
        {extra ? <span className="font-normal text-stone-600"> · {extra}</span> : null}
      </span>
      {sending === artist.id ? <span className="text-sm text-stone-600">Uploading… {Math.round(progress * 100)}%</span> : null}
    </Button>
  );

  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">Attaching uploads this snapshot, and only this snapshot, as a reference photo of a new booking request. You can remove it there before sending.</p>
      {design?.artist ? attachButton(design.artist) : null}
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor={`${ids}-q`} className="block text-sm font-medium text-stone-900">
            {design?.artist ? 'Or find another artist' : 'Find an artist'}
          </label>
          <input
            id={`${ids}-q`}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="mt-1 w-full rounded-md border border-stone-400 px-3 py-2 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600"
            placeholder="Artist name, style or city"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!q.trim()}>
          Search
        </Button>
      </form>
      {artists.isFetching ? <p role="status" className="text-sm text-stone-600">Searching…</p> : null}
      {artists.isError ? <p role="alert" className="text-sm text-red-800">{arErrorText(artists.error, 'the artist search')}</p> : null}
      {artists.data && artists.data.length === 0 ? <p className="text-sm text-stone-700">No tattoo artists match “{search}”.</p> : null}
      {artists.data?.length ? (
        <ul className="space-y-1">
          {artists.data.map((a) => (
            <li key={a.id}>{attachButton(a, a.city)}</li>
          ))}
        </ul>
      ) : null}
      {problem ? <p role="alert" className="text-sm text-red-800">{problem}</p> : null}
    </div>
  );
});

/** /ar-test: try a design on your skin with the camera or a photo, then keep a snapshot. */
export default function ArPreviewPage() {
  const hydrated = useHydrated();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const { isArtist } = useIsArtist();

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<ArRenderer | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const designFileRef = useRef<HTMLInputElement>(null);

  const [source, setSource] = useState<Source>({ kind: 'none' });
  const [stage, setStage] = useState(DEFAULT_STAGE);
  const [camera, setCamera] = useState<{ state: 'idle' | 'opening' } | { state: 'problem'; problem: CameraProblem }>({ state: 'idle' });
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);

  const [design, setDesign] = useState<ArDesign | null>(null);
  const [designImage, setDesignImage] = useState<HTMLImageElement | null>(null);
  const [withoutPaper, setWithoutPaper] = useState(true);
  const designBitmap = useMemo(() => (designImage ? rasteriseDesign(designImage, withoutPaper) : null), [designImage, withoutPaper]);
  const [designState, setDesignState] = useState<{ loading: boolean; problem: string | null }>({ loading: false, problem: null });

  const [placement, setPlacement] = useState<Placement>(() => centredPlacement(DEFAULT_STAGE));
  const [warpMode, setWarpMode] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [displayScale, setDisplayScale] = useState(1);
  const [snapshot, setSnapshot] = useState<{ blob: Blob; url: string; name: string } | null>(null);

  const size = designBitmap ? baseSize(designBitmap, stage) : { width: 1, height: 1 };

  // ---- the design ---------------------------------------------------------------------------
  const applyDesign = useCallback(async (next: ArDesign, params?: Record<string, string>) => {
    setDesign(next);
    setDesignState({ loading: true, problem: null });
    try {
      const image = await loadImage(next.src);
      setDesignImage(image);
      setDesignState({ loading: false, problem: null });
    } catch (error) {
      setDesignImage(null);
      setDesignState({ loading: false, problem: arErrorText(error, 'this design') });
    }
    if (params) setParams(params, { replace: true });
  }, [setParams]);

  // The launching page names the design: ?design= (generator), ?flash= (flash card), ?image= (portfolio).
  const designParam = params.get('design');
  const flashParam = params.get('flash');
  const imageParam = params.get('image');
  const artistParam = params.get('artist');
  const linkKey = isUuid(designParam) ? `design:${designParam}` : isUuid(flashParam) ? `flash:${flashParam}` : isUploadPath(imageParam) ? `image:${imageParam}:${artistParam ?? ''}` : null;
  const badLink = !linkKey && Boolean(designParam || flashParam || imageParam);
  const [linkResult, setLinkResult] = useState<{ key: string; problem: string | null } | null>(null);
  const currentKey = design ? `${design.kind === 'portfolio' ? 'image' : design.kind}:${design.ref}` : null;
  const linkShown = linkKey !== null && currentKey !== null && linkKey.startsWith(currentKey);
  const linkLoading = hydrated && linkKey !== null && !linkShown && linkResult?.key !== linkKey;
  useEffect(() => {
    if (!hydrated || !linkKey || linkShown) return;
    const [what, load] = isUuid(designParam)
      ? ['this generated design', () => loadGeneratedDesign(designParam)]
      : isUuid(flashParam)
        ? ['this flash design', () => loadFlashDesign(flashParam)]
        : ['this picture', () => loadPortfolioImage(imageParam!, artistParam)];
    let cancelled = false;
    load().then(
      async (d) => {
        if (cancelled) return;
        await applyDesign(d);
        setLinkResult({ key: linkKey, problem: null });
      },
      (error: unknown) => {
        if (!cancelled) setLinkResult({ key: linkKey, problem: arErrorText(error, what) });
      },
    );
    return () => {
      cancelled = true;
    };
    // Only a change of the link's design loads it; picking one below updates the link to match.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, linkKey]);
  const linkProblem = badLink ? 'The link names a design this page cannot open. Choose one below.' : linkResult && linkResult.key === linkKey ? linkResult.problem : null;

  // Object URLs of files on this device are released when replaced.
  useEffect(() => {
    const url = design?.src;
    return () => {
      if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
    };
  }, [design?.src]);

  const pickDesign = useCallback(
    (d: ArDesign) => {
      const next: Record<string, string> = d.kind === 'design' && d.ref ? { design: d.ref } : d.kind === 'flash' && d.ref ? { flash: d.ref } : {};
      void applyDesign(d, next);
    },
    [applyDesign],
  );

  const onDesignFile = (file: File | undefined) => {
    if (!file) return;
    void applyDesign({ kind: 'file', ref: null, label: file.name, src: URL.createObjectURL(file), artist: null, flashId: null }, {});
  };

  // ---- the picture: camera or photo ---------------------------------------------------------
  // The open camera stream and the photo's object URL, released when replaced or on leaving the page.
  const streamRef = useRef<MediaStream | null>(null);
  const photoUrlRef = useRef<string | null>(null);
  const stopCamera = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);
  const releasePhoto = useCallback(() => {
    if (photoUrlRef.current) URL.revokeObjectURL(photoUrlRef.current);
    photoUrlRef.current = null;
  }, []);
  useEffect(
    () => () => {
      stopCamera();
      releasePhoto();
    },
    [stopCamera, releasePhoto],
  );

  const openCamera = async () => {
    const unavailable = cameraUnavailable({ isSecureContext: window.isSecureContext, hasMediaDevices: Boolean(navigator.mediaDevices?.getUserMedia) });
    if (unavailable) {
      setCamera({ state: 'problem', problem: unavailable });
      return;
    }
    setCamera({ state: 'opening' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      stopCamera();
      streamRef.current = stream;
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play();
      releasePhoto();
      setSource({ kind: 'camera' });
      setCamera({ state: 'idle' });
      const next = { width: video.videoWidth || 640, height: video.videoHeight || 480 };
      setStage(next);
      setPlacement((p) => ({ ...centredPlacement(next), opacity: p.opacity, blend: p.blend }));
    } catch (error) {
      setCamera({ state: 'problem', problem: cameraProblem(error) });
    }
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoProblem(null);
    const url = URL.createObjectURL(file);
    try {
      const image = await loadImage(url);
      const k = Math.min(1, PHOTO_MAX / Math.max(image.naturalWidth, image.naturalHeight));
      const next = { width: Math.round(image.naturalWidth * k), height: Math.round(image.naturalHeight * k) };
      stopCamera();
      if (videoRef.current) videoRef.current.srcObject = null;
      releasePhoto();
      photoUrlRef.current = url;
      setSource({ kind: 'photo', image });
      setStage(next);
      setPlacement((p) => ({ ...centredPlacement(next), opacity: p.opacity, blend: p.blend }));
    } catch (error) {
      URL.revokeObjectURL(url);
      setPhotoProblem(arErrorText(error, 'this photo'));
    }
  };

  // ---- drawing ------------------------------------------------------------------------------
  useEffect(() => {
    if (!canvasRef.current) return;
    rendererRef.current ??= new ArRenderer(canvasRef.current);
  }, [hydrated]);

  useEffect(() => {
    const r = rendererRef.current;
    if (!r) return;
    r.resize(stage.width, stage.height);
    r.setDesign(designBitmap, designBitmap ? baseSize(designBitmap, stage) : { width: 1, height: 1 });
    r.setPlacement(placement);
    if (source.kind === 'photo') r.draw(source.image);
    else if (source.kind === 'none') r.draw(null);
    // The camera's loop below draws its own frames.
  }, [stage, designBitmap, placement, source]);

  useEffect(() => {
    if (source.kind !== 'camera') return;
    const video = videoRef.current!;
    let frame = 0;
    const loop = () => {
      rendererRef.current?.draw(video);
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [source]);

  // The canvas is shown scaled to the page; handles and pointers convert between the two.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const update = () => setDisplayScale(canvas.clientWidth > 0 ? canvas.clientWidth / canvas.width : 1);
    const observer = new ResizeObserver(update);
    observer.observe(canvas);
    update();
    return () => observer.disconnect();
  }, [hydrated, stage]);

  // ---- gestures -----------------------------------------------------------------------------
  const announceLater = useRef<number | undefined>(undefined);
  const change = (next: Placement, announce = true) => {
    setPlacement(next);
    if (announce) {
      window.clearTimeout(announceLater.current);
      announceLater.current = window.setTimeout(() => setAnnouncement(describePlacement(next, stage)), 400);
    }
  };

  const toStage = (clientX: number, clientY: number): Point => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: ((clientX - rect.left) / rect.width) * stage.width, y: ((clientY - rect.top) / rect.height) * stage.height };
  };
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Placement; from: Point[] } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!designBitmap) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, toStage(e.clientX, e.clientY));
    gesture.current = { start: placement, from: [...pointers.current.values()] };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    pointers.current.set(e.pointerId, toStage(e.clientX, e.clientY));
    const now = [...pointers.current.values()];
    const { start, from } = gesture.current;
    if (now.length >= 2 && from.length >= 2) change(pinch(start, [from[0]!, from[1]!], [now[0]!, now[1]!], stage), false);
    else if (now.length === 1 && from.length === 1) change(withPosition(start, start.x + now[0]!.x - from[0]!.x, start.y + now[0]!.y - from[0]!.y, stage), false);
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    // The remaining finger (if any) starts a fresh drag from here.
    gesture.current = pointers.current.size ? { start: placement, from: [...pointers.current.values()] } : null;
  };

  // Wheel: non-passive, so the page does not scroll while resizing the design.
  const hasDesign = Boolean(designBitmap);
  useEffect(() => {
    const el = stageRef.current;
    if (!el || !hasDesign) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setPlacement((p) => (e.shiftKey ? withRotation(p, p.rotation + Math.sign(e.deltaY || e.deltaX) * 5) : wheelScale(p, e.deltaY)));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [hasDesign]);

  const onStageKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!designBitmap || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = placementKey(placement, { key: e.key, shiftKey: e.shiftKey }, stage);
    if (!next) return;
    e.preventDefault();
    change(next);
  };

  const quad = placedQuad(placement, size);
  const tryCorner = (next: Placement) => {
    // A corner dragged across the design would fold it over itself: refused.
    if (isConvex(placedQuad(next, size))) change(next);
  };
  const cornerDrag = useRef<{ corner: CornerIndex; last: Point } | null>(null);

  // ---- snapshot -----------------------------------------------------------------------------
  const snapshotUrl = snapshot?.url;
  useEffect(
    () => () => {
      if (snapshotUrl) URL.revokeObjectURL(snapshotUrl);
    },
    [snapshotUrl],
  );
  const takeSnapshot = () => {
    const canvas = canvasRef.current!;
    if (source.kind === 'camera') rendererRef.current?.draw(videoRef.current);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        setSnapshot({ blob, url: URL.createObjectURL(blob), name: snapshotFileName(new Date()) });
        setAnnouncement('Snapshot taken. Download it or attach it to a booking request below.');
      },
      'image/jpeg',
      0.92,
    );
  };

  const hasPicture = source.kind !== 'none';
  const ready = hydrated && hasPicture && Boolean(designBitmap);
  const liveId = `${ids}-live`;
  const instructionsId = `${ids}-instructions`;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-stone-950">AR preview: try a tattoo on</h1>
        <p className="mt-2 text-stone-700">
          Point your camera at the spot, or upload a photo of it, then place a design on your skin: move it, resize it, turn it, blend it and bend it around a curve.
        </p>
      </header>
      <PrivacyNote />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-4">
          <section aria-labelledby={`${ids}-picture`} className="space-y-2">
            <h2 id={`${ids}-picture`} className="text-lg font-semibold text-stone-950">
              Your skin
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void openCamera()} disabled={!hydrated || camera.state === 'opening'}>
                <Camera aria-hidden="true" className="h-4 w-4" />
                {source.kind === 'camera' ? 'Camera on' : camera.state === 'opening' ? 'Opening the camera…' : 'Use the camera'}
              </Button>
              <Button variant="secondary" onClick={() => fileRef.current?.click()} disabled={!hydrated}>
                <ImageUp aria-hidden="true" className="h-4 w-4" />
                Upload a photo
              </Button>
              {source.kind === 'camera' ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    stopCamera();
                    setSource({ kind: 'none' });
                  }}
                >
                  Turn the camera off
                </Button>
              ) : null}
              <label className="sr-only" htmlFor={`${ids}-photo`}>
                Photo of the spot
              </label>
              <input
                ref={fileRef}
                id={`${ids}-photo`}
                type="file"
                accept={UPLOAD_ACCEPT}
                className="sr-only"
                tabIndex={-1}
                onChange={(e) => {
                  void onPhoto(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </div>
            {camera.state === 'problem' ? (
              <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                {camera.problem.message}
              </p>
            ) : null}
            {photoProblem ? (
              <p role="alert" className="text-sm text-red-800">
                {photoProblem}
              </p>
            ) : null}
          </section>

          <section aria-labelledby={`${ids}-stage-title`} className="space-y-3">
            <h2 id={`${ids}-stage-title`} className="text-lg font-semibold text-stone-950">
              Place the design
            </h2>
            {/* The camera's frames are drawn onto the canvas; the video element itself stays hidden. */}
            <video ref={videoRef} muted playsInline className="hidden" aria-hidden="true" />
            <div
              ref={stageRef}
              role="group"
              aria-roledescription="preview"
              aria-label={design ? `Preview of ${design.label} on your ${source.kind === 'camera' ? 'camera picture' : 'photo'}` : 'Preview'}
              aria-describedby={instructionsId}
              tabIndex={ready ? 0 : -1}
              onKeyDown={onStageKey}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              className="relative touch-none select-none overflow-hidden rounded-lg border border-stone-300 bg-stone-200 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-amber-600"
            >
              <canvas ref={canvasRef} width={stage.width} height={stage.height} data-testid="ar-canvas" className="block h-auto w-full" />
              {!hasPicture ? (
                <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-stone-700">Use the camera or upload a photo of the spot to start.</p>
              ) : !designBitmap ? (
                <p className="absolute inset-x-0 bottom-0 bg-white/85 p-3 text-center text-sm text-stone-800">Choose a design to place it.</p>
              ) : null}
              {ready && warpMode
                ? quad.map((c, i) => (
                    <button
                      key={CORNER_NAMES[i]}
                      type="button"
                      aria-label={`${CORNER_NAMES[i]} corner: drag it, or use the arrow keys, to bend the design`}
                      className="absolute h-7 w-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-amber-500 shadow focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-stone-950"
                      style={{ left: c.x * displayScale, top: c.y * displayScale }}
                      onKeyDown={(e) => {
                        const next = cornerKey(placement, i as CornerIndex, { key: e.key, shiftKey: e.shiftKey });
                        if (!next) return;
                        e.preventDefault();
                        e.stopPropagation();
                        tryCorner(next);
                      }}
                      onPointerDown={(e) => {
                        e.stopPropagation();
                        e.currentTarget.setPointerCapture(e.pointerId);
                        cornerDrag.current = { corner: i as CornerIndex, last: toStage(e.clientX, e.clientY) };
                      }}
                      onPointerMove={(e) => {
                        const drag = cornerDrag.current;
                        if (!drag || drag.corner !== i) return;
                        e.stopPropagation();
                        const at = toStage(e.clientX, e.clientY);
                        tryCorner(moveCorner(placement, drag.corner, at.x - drag.last.x, at.y - drag.last.y));
                        drag.last = at;
                      }}
                      onPointerUp={(e) => {
                        e.stopPropagation();
                        cornerDrag.current = null;
                      }}
                    />
                  ))
                : null}
            </div>
            <p id={liveId} role="status" aria-live="polite" className="sr-only">
              {announcement}
            </p>

            <fieldset disabled={!ready} className="grid gap-4 rounded-md border border-stone-200 bg-white p-3 sm:grid-cols-3">
              <legend className="px-1 text-sm font-semibold text-stone-900">Adjust</legend>
              <label className="block text-sm text-stone-900">
                Size: {Math.round(placement.scale * 100)}%
                <input type="range" min={SCALE_MIN * 100} max={SCALE_MAX * 100} step={1} value={Math.round(placement.scale * 100)} onChange={(e) => change(withScale(placement, Number(e.target.value) / 100))} className="mt-1 w-full accent-amber-600" />
              </label>
              <label className="block text-sm text-stone-900">
                Rotation: {Math.round(placement.rotation)}°
                <input type="range" min={-180} max={180} step={1} value={Math.round(placement.rotation)} onChange={(e) => change(withRotation(placement, Number(e.target.value)))} className="mt-1 w-full accent-amber-600" />
              </label>
              <label className="block text-sm text-stone-900">
                Opacity: {Math.round(placement.opacity * 100)}%
                <input type="range" min={OPACITY_MIN * 100} max={OPACITY_MAX * 100} step={1} value={Math.round(placement.opacity * 100)} onChange={(e) => change(withOpacity(placement, Number(e.target.value) / 100))} className="mt-1 w-full accent-amber-600" />
              </label>
              <label className="inline-flex items-center gap-2 text-sm text-stone-900">
                <input type="checkbox" checked={placement.blend === 'multiply'} onChange={(e) => change({ ...placement, blend: e.target.checked ? 'multiply' : 'normal' })} className="h-4 w-4 accent-amber-600" />
                Skin blending (multiply)
              </label>
              <label className="inline-flex items-center gap-2 text-sm text-stone-900">
                <input type="checkbox" checked={withoutPaper} onChange={(e) => setWithoutPaper(e.target.checked)} className="h-4 w-4 accent-amber-600" />
                Remove the paper background
              </label>
              <label className="inline-flex items-center gap-2 text-sm text-stone-900">
                <input type="checkbox" checked={warpMode} onChange={(e) => setWarpMode(e.target.checked)} className="h-4 w-4 accent-amber-600" />
                Warp corners (curved spots)
              </label>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={SMALL_BUTTON} onClick={() => change({ ...placement, warp: NO_WARP })}>
                  Flatten corners
                </button>
                <button type="button" className={SMALL_BUTTON} onClick={() => change({ ...centredPlacement(stage), opacity: placement.opacity, blend: placement.blend })}>
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                  Reset
                </button>
              </div>
            </fieldset>
            <Instructions id={instructionsId} />
          </section>

          <section aria-labelledby={`${ids}-keep`} className="space-y-3">
            <h2 id={`${ids}-keep`} className="text-lg font-semibold text-stone-950">
              Keep it
            </h2>
            <Button onClick={takeSnapshot} disabled={!ready}>
              <Camera aria-hidden="true" className="h-4 w-4" />
              Take a snapshot
            </Button>
            {snapshot ? (
              <div className="space-y-3 rounded-md border border-stone-200 bg-white p-3">
                <img src={snapshot.url} alt="Your snapshot of the design on your skin" className="max-h-64 w-auto rounded border border-stone-100" />
                <a href={snapshot.url} download={snapshot.name} className={SMALL_BUTTON}>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Download snapshot
                </a>
                <AttachSnapshot blob={snapshot.blob} design={design} />
              </div>
            ) : (
              <p className="text-sm text-stone-600">The snapshot is the picture with the design as you see it, without the corner handles.</p>
            )}
          </section>
        </div>

        <aside aria-labelledby={`${ids}-design`} className="space-y-3">
          <h2 id={`${ids}-design`} className="text-lg font-semibold text-stone-950">
            Choose a design
          </h2>
          {designState.loading || linkLoading ? <p role="status" className="text-sm text-stone-700">Loading the design…</p> : null}
          {(linkProblem ?? designState.problem) ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {linkProblem ?? designState.problem}
              {!isAuthenticated && designParam ? (
                <>
                  {' '}
                  <a href={loginHref(`/ar-test?design=${encodeURIComponent(designParam)}`)} className="font-medium underline underline-offset-2">
                    Sign in
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {design && designBitmap ? (
            <p className="text-sm text-stone-800">
              Placed: <strong>{design.label}</strong>
            </p>
          ) : null}
          <div>
            <Button variant="secondary" onClick={() => designFileRef.current?.click()} disabled={!hydrated}>
              <ImageUp aria-hidden="true" className="h-4 w-4" />
              Use a design from this device
            </Button>
            <label className="sr-only" htmlFor={`${ids}-design-file`}>
              Design picture from this device
            </label>
            <input
              ref={designFileRef}
              id={`${ids}-design-file`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              className="sr-only"
              tabIndex={-1}
              onChange={(e) => {
                onDesignFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <p className="mt-1 text-xs text-stone-600">A PNG with a transparent or white background works best. It stays on this device.</p>
          </div>
          <DesignPicker current={design} onPick={pickDesign} signedIn={isAuthenticated} isArtist={isArtist} />
        </aside>
      </div>
    </div>
  );
}
