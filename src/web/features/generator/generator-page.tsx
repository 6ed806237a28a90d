import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Heart, ScanLine, Search, Send, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TArtistListItem } from '../../../shared/contracts/artists.ts';
import {
  DESIGN_COLOURS,
  DESIGN_PLACEMENT_NAMES,
  DESIGN_PLACEMENTS,
  DESIGN_SIZE_NAMES,
  DESIGN_SIZES,
  DESIGN_STYLE_NAMES,
  DESIGN_STYLES,
  PROMPT_MAX,
  PROMPT_MIN,
  type TDesign,
  type TFavouriteDesigns,
  type TGeneration,
  type TGenerationCreate,
  type TGenerationList,
  type TGenerationMode,
} from '../../../shared/contracts/designs.ts';
import { useIsArtist } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import {
  artistsForStyle,
  FAVOURITE_DESIGNS_KEY,
  generationKey,
  GENERATIONS_KEY,
  generatorErrorText,
  setDesignFavourite,
  startGeneration,
  uploadAsReference,
} from './generator-api.ts';

const CONTROL = 'w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';
const SMALL_BUTTON = 'inline-flex items-center gap-1.5 rounded-md border border-stone-300 bg-white px-2.5 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

const modeLabel = (mode: TGenerationMode) => (mode === 'ai' ? 'AI image' : 'Stencil sketch');
const isActive = (g: TGeneration) => g.status === 'queued' || g.status === 'running';

function minutesUntil(iso: string): string {
  const minutes = Math.ceil((Date.parse(iso) - Date.now()) / 60_000);
  return minutes <= 1 ? 'about a minute' : `${minutes} minutes`;
}

function ModeNotice({ mode }: { mode: TGenerationMode }) {
  return mode === 'ai' ? (
    <p className="rounded-md border border-violet-200 bg-violet-50 p-3 text-sm text-violet-950">
      Designs come from this site's AI image service. They are starting points: your artist will redraw the design for your skin.
    </p>
  ) : (
    <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>Stencil sketches, not AI.</strong> No AI image service is connected here, so Inkhaven draws four line-art stencil sketches from a library of motifs (flowers, animals,
      geometry, ornaments and lettering in quotes) in the style you choose. Use them to show an artist what you have in mind.
    </p>
  );
}

function GenerateForm({ list, onStarted }: { list: TGenerationList; onStarted: (g: TGeneration) => void }) {
  const ids = useId();
  const [prompt, setPrompt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const limited = list.quota.remaining === 0;

  const hydrated = useHydrated();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      id: crypto.randomUUID(),
      prompt: String(data.get('prompt') ?? '').trim(),
      style: data.get('style'),
      placement: data.get('placement'),
      size: data.get('size'),
      colour: data.get('colour'),
    } as TGenerationCreate;
    if (input.prompt.length < PROMPT_MIN) {
      setProblem(`Describe your idea in at least ${PROMPT_MIN} characters.`);
      document.getElementById(`${ids}-prompt`)?.focus();
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const generation = await startGeneration(input);
      await queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
      onStarted(generation);
    } catch (error) {
      setProblem(generatorErrorText(error));
      await queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
    } finally {
      setSending(false);
    }
  };

  return (
    <form method="post" onSubmit={(e) => void submit(e)} noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-stone-950">
        Describe your tattoo
      </h2>
      <div>
        <label htmlFor={`${ids}-prompt`} className="block font-medium text-stone-900">
          Your idea
        </label>
        <textarea
          id={`${ids}-prompt`}
          name="prompt"
          rows={3}
          maxLength={PROMPT_MAX}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          aria-describedby={`${ids}-prompt-hint${problem ? ` ${ids}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
          className={`mt-1 ${CONTROL}`}
          placeholder='A rose with a swallow and a banner saying "mum"'
        />
        <p id={`${ids}-prompt-hint`} className="mt-1 text-sm text-stone-600">
          {prompt.length}/{PROMPT_MAX} characters. Put words you want lettered in quotes. We don't draw real people from their names, hate symbols or slurs.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-style`} className="block font-medium text-stone-900">
            Style
          </label>
          <select id={`${ids}-style`} name="style" defaultValue="traditional" className={`mt-1 ${CONTROL}`}>
            {DESIGN_STYLES.map((s) => (
              <option key={s} value={s}>
                {DESIGN_STYLE_NAMES[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-placement`} className="block font-medium text-stone-900">
            Placement
          </label>
          <select id={`${ids}-placement`} name="placement" defaultValue="forearm" className={`mt-1 ${CONTROL}`}>
            {DESIGN_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {DESIGN_PLACEMENT_NAMES[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="font-medium text-stone-900">Size</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          {DESIGN_SIZES.map((s) => (
            <label key={s} className="inline-flex items-center gap-2 text-stone-900">
              <input type="radio" name="size" value={s} defaultChecked={s === 'medium'} className="h-4 w-4 accent-amber-600" />
              {DESIGN_SIZE_NAMES[s]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-medium text-stone-900">Colour</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          {DESIGN_COLOURS.map((c) => (
            <label key={c} className="inline-flex items-center gap-2 text-stone-900">
              <input type="radio" name="colour" value={c} defaultChecked={c === 'black-and-grey'} className="h-4 w-4 accent-amber-600" />
              {c === 'colour' ? 'Colour' : 'Black and grey'}
            </label>
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!hydrated || sending || limited}>
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {sending ? 'Starting…' : 'Generate four designs'}
        </Button>
        <p className="text-sm text-stone-700" id={`${ids}-quota`}>
          {limited && list.quota.resetsAt
            ? `You have used all ${list.quota.limit} generations for this hour. You can make another in ${minutesUntil(list.quota.resetsAt)}.`
            : `${list.quota.remaining} of ${list.quota.limit} generations left this hour.`}
        </p>
      </div>
    </form>
  );
}

function SendToArtist({ design }: { design: TDesign }) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const panelId = useId();
  const artists = useQuery<TArtistListItem[]>({ queryKey: ['generator-artists', design.style], queryFn: () => artistsForStyle(design.style), enabled: open });

  const send = async (artist: TArtistListItem) => {
    setSending(artist.id);
    setProblem(null);
    try {
      const image = await uploadAsReference(design);
      // The booking flow attaches the photo and fills an empty idea from the history entry (not the URL).
      await navigate(`/book/${artist.id}`, { state: { referenceImage: image, idea: design.prompt } });
    } catch (error) {
      setProblem(generatorErrorText(error));
      setSending(null);
    }
  };

  return (
    <div>
      <button type="button" className={SMALL_BUTTON} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Send aria-hidden="true" className="h-4 w-4" />
        Send to an artist
      </button>
      {open ? (
        <div id={panelId} className="mt-2 rounded-md border border-stone-200 bg-stone-50 p-3">
          <p className="text-sm text-stone-700">Start a booking request with this design attached as a reference photo.</p>
          {artists.isPending ? <p className="mt-2 text-sm text-stone-600" role="status">Finding {DESIGN_STYLE_NAMES[design.style]} artists…</p> : null}
          {artists.isError ? <p className="mt-2 text-sm text-red-800" role="alert">{generatorErrorText(artists.error)}</p> : null}
          {artists.data && artists.data.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700">
              No artists list this style yet. <Link to="/artists?kind=tattoo" className="underline underline-offset-2">Browse all tattoo artists</Link>.
            </p>
          ) : null}
          <ul className="mt-2 space-y-1">
            {artists.data?.map((a) => (
              <li key={a.id}>
                <button type="button" className={`${SMALL_BUTTON} w-full justify-between`} disabled={sending !== null} onClick={() => void send(a)}>
                  <span>
                    Send to {a.displayName} <span className="font-normal text-stone-600">· {a.city}</span>
                  </span>
                  {sending === a.id ? <span className="text-stone-600">Attaching…</span> : null}
                </button>
              </li>
            ))}
          </ul>
          {problem ? <p role="alert" className="mt-2 text-sm text-red-800">{problem}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function DesignCard({ design, index }: { design: TDesign; index: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const styleName = DESIGN_STYLE_NAMES[design.style];
  const toggle = async () => {
    setBusy(true);
    try {
      await setDesignFavourite(queryClient, design, !design.favourite);
    } catch (error) {
      toast({ title: 'Could not save', description: generatorErrorText(error), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
      <figure>
        <img src={design.imageUrl} alt={`Design ${index + 1}: ${modeLabel(design.mode).toLowerCase()}, ${styleName}`} width={512} height={512} className="aspect-square w-full rounded border border-stone-100 bg-white object-contain" />
        <figcaption className="mt-2 flex items-center justify-between text-sm">
          <span className="font-medium text-stone-900">Design {index + 1}</span>
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${design.mode === 'ai' ? 'bg-violet-100 text-violet-900' : 'bg-amber-100 text-amber-900'}`}>{modeLabel(design.mode)}</span>
        </figcaption>
      </figure>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={SMALL_BUTTON} aria-pressed={design.favourite} disabled={busy} onClick={() => void toggle()}>
          <Heart aria-hidden="true" className={`h-4 w-4 ${design.favourite ? 'fill-red-600 text-red-600' : ''}`} />
          {design.favourite ? 'Favourite' : 'Add to favourites'}
          <span className="sr-only"> (design {index + 1})</span>
        </button>
        {design.svgUrl ? (
          <a className={SMALL_BUTTON} href={`${design.svgUrl}?download=1`} download>
            <Download aria-hidden="true" className="h-4 w-4" />
            SVG<span className="sr-only"> of design {index + 1}</span>
          </a>
        ) : null}
        <a className={SMALL_BUTTON} href={`${design.pngUrl}?download=1`} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          PNG<span className="sr-only"> of design {index + 1}</span>
        </a>
        {/* A full page load: the camera is allowed only on documents loaded at /ar-test (src/shared/media-capture.ts). */}
        <a className={SMALL_BUTTON} href={`/ar-test?design=${design.id}`}>
          <ScanLine aria-hidden="true" className="h-4 w-4" />
          Try it on<span className="sr-only"> (design {index + 1})</span>
        </a>
        <Link className={SMALL_BUTTON} to={`/artists?kind=tattoo&style=${design.style}`}>
          <Search aria-hidden="true" className="h-4 w-4" />
          Find an artist for this<span className="sr-only"> ({styleName})</span>
        </Link>
      </div>
      <div className="mt-2">
        <SendToArtist design={design} />
      </div>
    </li>
  );
}

function GenerationView({ id, headingRef }: { id: string; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const queryClient = useQueryClient();
  const query = useQuery<TGeneration>({
    queryKey: [generationKey(id)],
    // Polled while the job runs; the job is durable, so a reload picks it up again here.
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data) ? false : 1000),
  });
  const g = query.data;
  const finished = g && !isActive(g);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
  }, [finished, queryClient]);

  if (query.isError) return <p role="alert" className="text-red-800">{generatorErrorText(query.error)}</p>;
  if (!g) return <p role="status" className="text-stone-600">Loading this generation…</p>;
  return (
    <section aria-labelledby="current-heading" className="space-y-3">
      <h2 id="current-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-stone-950 focus:outline-none">
        {DESIGN_STYLE_NAMES[g.style]} · {DESIGN_PLACEMENT_NAMES[g.placement]} · {g.colour === 'colour' ? 'colour' : 'black and grey'}
      </h2>
      <p className="break-words text-stone-700">“{g.prompt}”</p>
      {isActive(g) ? (
        <div>
          <p role="status" className="text-stone-800">
            {g.status === 'queued' ? 'Waiting to start…' : `Drawing your designs… ${g.progress}%`}
          </p>
          <div role="progressbar" aria-label="Generation progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={g.progress} className="mt-2 h-2 w-full overflow-hidden rounded bg-stone-200">
            <div className="h-full bg-amber-500 transition-[width]" style={{ width: `${g.progress}%` }} />
          </div>
        </div>
      ) : null}
      {g.status === 'failed' ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {g.error ?? 'This generation failed.'}
        </p>
      ) : null}
      {g.status === 'done' ? (
        <>
          <p role="status" className="sr-only">
            {g.designs.length} designs ready.
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {g.designs.map((d, i) => (
              <DesignCard key={d.id} design={d} index={i} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function History({ list, currentId, onPick }: { list: TGenerationList; currentId: string | null; onPick: (id: string) => void }) {
  if (list.generations.length === 0) return <p className="text-stone-600">Your generations will be listed here.</p>;
  return (
    <ul className="space-y-2">
      {list.generations.map((g) => (
        <li key={g.id}>
          <button
            type="button"
            onClick={() => onPick(g.id)}
            aria-current={g.id === currentId ? 'true' : undefined}
            className={`flex w-full items-center gap-3 rounded-md border p-2 text-left hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${g.id === currentId ? 'border-amber-500 bg-amber-50' : 'border-stone-200 bg-white'}`}
          >
            {g.designs[0] ? <img src={g.designs[0].imageUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded border border-stone-100 bg-white" /> : <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded bg-stone-100" />}
            <span className="min-w-0">
              <span className="block truncate font-medium text-stone-900">{g.prompt}</span>
              <span className="block text-sm text-stone-600">
                {DESIGN_STYLE_NAMES[g.style]} · {new Date(g.createdAt).toLocaleString()} · {g.status === 'done' ? `${g.designs.length} designs` : g.status === 'failed' ? 'failed' : 'in progress'}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Favourites() {
  const favourites = useQuery<TFavouriteDesigns>({ queryKey: [FAVOURITE_DESIGNS_KEY] });
  if (favourites.isPending) return <p role="status" className="text-stone-600">Loading favourites…</p>;
  if (favourites.isError) return <p role="alert" className="text-red-800">{generatorErrorText(favourites.error)}</p>;
  if (favourites.data.designs.length === 0) return <p className="text-stone-600">Designs you mark as favourites stay here.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {favourites.data.designs.map((d) => (
        <DesignCard key={d.id} design={d} index={d.position} />
      ))}
    </ul>
  );
}

/** /ai-generator: describe a tattoo, get four designs; history, favourites, downloads and the way to an artist. */
export default function GeneratorPage() {
  const { isArtist, isLoading } = useIsArtist();
  const [params, setParams] = useSearchParams();
  const list = useQuery<TGenerationList>({ queryKey: [GENERATIONS_KEY], enabled: !isLoading && !isArtist });
  const heading = useRef<HTMLHeadingElement>(null);
  const picked = params.get('generation');
  const currentId = picked ?? list.data?.generations[0]?.id ?? null;

  const show = (id: string) => {
    setParams({ generation: id }, { replace: false });
    setTimeout(() => heading.current?.focus(), 0);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-stone-950">Tattoo design generator</h1>
        <p className="mt-2 text-stone-700">Describe an idea, pick a style, and get four designs to take to an artist.</p>
      </header>
      {isArtist ? (
        <p className="rounded-md border border-stone-200 bg-stone-50 p-4 text-stone-800">
          The design generator is for clients planning a tattoo. <Link to="/dashboard" className="underline underline-offset-2">Go to your dashboard</Link>.
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-red-800">{generatorErrorText(list.error)}</p>
      ) : !list.data ? (
        <p role="status" className="text-stone-600">Loading the generator…</p>
      ) : (
        <>
          <ModeNotice mode={list.data.mode} />
          <GenerateForm list={list.data} onStarted={(g) => show(g.id)} />
          {currentId ? <GenerationView key={currentId} id={currentId} headingRef={heading} /> : null}
          <div className="grid gap-8 lg:grid-cols-2">
            <section aria-labelledby="favourites-heading" className="lg:col-span-2">
              <h2 id="favourites-heading" className="text-lg font-semibold text-stone-950">
                Favourites
              </h2>
              <div className="mt-3">
                <Favourites />
              </div>
            </section>
            <section aria-labelledby="history-heading" className="lg:col-span-2">
              <h2 id="history-heading" className="text-lg font-semibold text-stone-950">
                Your generations
              </h2>
              <div className="mt-3">
                <History list={list.data} currentId={currentId} onPick={show} />
              </div>
            </section>
          </div>
        </>
      )}
    </div>
  );
}
