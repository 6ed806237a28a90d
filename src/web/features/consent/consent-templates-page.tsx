import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CONSENT_HELP_MAX,
  CONSENT_KINDS,
  CONSENT_LABEL_MAX,
  CONSENT_QUESTION_TYPES,
  CONSENT_QUESTIONS_MAX,
  type TArtistConsentTemplate,
  type TConsentKind,
  type TConsentQuestion,
  type TConsentTemplateVersionSummary,
} from '../../../shared/contracts/consent.ts';
import { useOwnArtistProfile } from '../../lib/bookings.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { artistTemplatesOptions, saveTemplate, templateVersionOptions, templateVersionsOptions } from './consent-api.ts';
import { consentErrorText } from './consent-model.ts';
import { formatSignedAt } from './signed-consent.tsx';
import { blankQuestion, moveRow, QUESTION_TYPE_LABELS, toEditable, toSaveRequest, type EditableQuestion, type RowErrors } from './template-model.ts';
import { LoadError } from '../../ui/load-error.tsx';

const INPUT = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700';
const KIND_LABEL: Record<TConsentKind, string> = { tattoo: 'Tattoo', piercing: 'Piercing' };
const isKind = (v: string | null): v is TConsentKind => (CONSENT_KINDS as readonly string[]).includes(v ?? '');

function QuestionList({ questions }: { questions: readonly TConsentQuestion[] }) {
  return (
    <ol className="list-decimal space-y-3 pl-6">
      {questions.map((q) => (
        <li key={q.id} className="text-stone-900">
          <p className="font-medium">{q.label}</p>
          <p className="text-sm text-stone-700">
            {QUESTION_TYPE_LABELS[q.type]}
            {q.options ? `: ${q.options.join(', ')}` : ''} · {q.required ? 'required' : 'optional'}
          </p>
          {q.help ? <p className="text-sm text-stone-700">{q.help}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function versionLine(t: TArtistConsentTemplate, zone: string | null): string {
  if (t.isDefault) return 'Inkhaven’s default questions: you have not saved your own version yet.';
  return `Version ${t.version}${t.createdAt ? `, saved ${formatSignedAt(t.createdAt, zone)}` : ''}.`;
}

function RowEditor({ row, index, count, errors, focusOnMount, onChange, onMove, onRemove }: { row: EditableQuestion; index: number; count: number; errors: string[] | undefined; focusOnMount: boolean; onChange: (r: EditableQuestion) => void; onMove: (to: number) => void; onRemove: () => void }) {
  const id = useId();
  const n = index + 1;
  const labelRef = useRef<HTMLInputElement>(null);
  // An added question's wording field takes the focus, so a keyboard user can type at once.
  useEffect(() => {
    if (focusOnMount) labelRef.current?.focus();
  }, [focusOnMount]);
  return (
    <li className="space-y-3 rounded-md border border-stone-200 p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-stone-900">Question {n}</h3>
        <div className="flex gap-1">
          <Button variant="ghost" onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={`Move question ${n} up`}>
            <ArrowUp className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={`Move question ${n} down`}>
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" onClick={onRemove} disabled={count === 1} aria-label={`Remove question ${n}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-label`} className="block text-sm font-medium text-stone-900">Question {n}: wording</label>
        <input ref={labelRef} id={`${id}-label`} className={INPUT} maxLength={CONSENT_LABEL_MAX} value={row.label} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${id}-errors` : undefined} onChange={(e) => onChange({ ...row, label: e.target.value })} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-type`} className="block text-sm font-medium text-stone-900">Question {n}: answer type</label>
          <select id={`${id}-type`} className={INPUT} value={row.type} onChange={(e) => onChange({ ...row, type: e.target.value as EditableQuestion['type'] })}>
            {CONSENT_QUESTION_TYPES.map((t) => (
              <option key={t} value={t}>{QUESTION_TYPE_LABELS[t]}</option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-stone-900">
          <input type="checkbox" checked={row.required} onChange={(e) => onChange({ ...row, required: e.target.checked })} className="h-5 w-5 rounded border-stone-400" />
          Question {n} must be answered
        </label>
      </div>
      {row.type === 'choice' ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-options`} className="block text-sm font-medium text-stone-900">Question {n}: options, one per line</label>
          <textarea id={`${id}-options`} rows={3} className={INPUT} value={row.optionsText} onChange={(e) => onChange({ ...row, optionsText: e.target.value })} />
        </div>
      ) : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-help`} className="block text-sm font-medium text-stone-900">Question {n}: explanation shown under it (optional)</label>
        <textarea id={`${id}-help`} rows={2} maxLength={CONSENT_HELP_MAX} className={INPUT} value={row.help} onChange={(e) => onChange({ ...row, help: e.target.value })} />
      </div>
      {errors ? (
        <ul id={`${id}-errors`} className="list-disc pl-5 text-sm text-red-700">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Editor({ template, onDone }: { template: TArtistConsentTemplate; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<EditableQuestion[]>(() => template.questions.map(toEditable));
  const [errors, setErrors] = useState<RowErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const [added, setAdded] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = toSaveRequest(rows);
    if (!request.ok) {
      setErrors(request.errors);
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveTemplate(queryClient, template.kind, { questions: request.questions });
      toast({ title: `Saved as version ${saved.version}`, description: 'New confirmations use it; bookings confirmed earlier keep the version they had.', variant: 'success' });
      onDone();
    } catch (error) {
      setFailure(consentErrorText(error));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSaving(false);
    }
  };

  const problems = Object.values(errors).flat().length;
  return (
    <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={`Edit the ${template.kind} consent questions`} className="space-y-4">
      <div ref={alertRef} tabIndex={-1} className="focus:outline-none">
        {failure ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{failure}</p> : null}
        {problems ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p>Fix {problems === 1 ? 'one problem' : `${problems} problems`} before saving.</p>
            {errors[''] ? <p>{errors[''].join(' ')}</p> : null}
          </div>
        ) : null}
      </div>
      <ol className="space-y-4">
        {rows.map((row, i) => (
          <RowEditor
            key={row.key}
            row={row}
            index={i}
            count={rows.length}
            errors={errors[row.key]}
            focusOnMount={row.key === added}
            onChange={(next) => setRows((rs) => rs.map((r) => (r.key === row.key ? next : r)))}
            onMove={(to) => setRows((rs) => moveRow(rs, i, to))}
            onRemove={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
          />
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={rows.length >= CONSENT_QUESTIONS_MAX}
          onClick={() => {
            const row = blankQuestion();
            setAdded(row.key);
            setRows((rs) => [...rs, row]);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Add a question
        </Button>
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save as a new version'}</Button>
        <Button variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

/** One earlier version: its number and date, and its questions (read-only) when asked for. */
function VersionRow({ version, zone }: { version: TConsentTemplateVersionSummary; zone: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const detail = useQuery({ ...templateVersionOptions(version.kind, version.id), enabled: open });
  const name = version.isDefault ? `Inkhaven default, version ${version.version}` : `Version ${version.version}`;
  return (
    <li className="space-y-2 border-b border-stone-200 py-3 last:border-b-0" data-testid="template-history-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-stone-900">
          <span className="font-medium">{name}</span>
          {version.inForce ? <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 ring-1 ring-inset ring-emerald-300">In force</span> : null}
          <span className="block text-sm text-stone-700">
            {version.isDefault ? 'Published' : 'Saved'} <time dateTime={version.createdAt}>{formatSignedAt(version.createdAt, zone)}</time> · {version.questionCount} question{version.questionCount === 1 ? '' : 's'}
          </span>
        </p>
        <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-questions`} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide questions' : 'View questions'}
          <span className="sr-only"> of {name.toLowerCase()}</span>
        </Button>
      </div>
      <div id={`${id}-questions`} hidden={!open}>
        {!open ? null : detail.isError ? (
          <p role="alert" className="text-sm text-red-800">{consentErrorText(detail.error)}</p>
        ) : detail.data ? (
          <QuestionList questions={detail.data.questions} />
        ) : (
          <p role="status" className="text-sm text-stone-700">Loading the questions…</p>
        )}
      </div>
    </li>
  );
}

/**
 * Every version of one kind the artist's clients may have been asked, newest first (their own saves,
 * then Inkhaven's defaults): a signed form names its version, and this shows what that version asked.
 */
function VersionHistory({ kind, zone }: { kind: TConsentKind; zone: string | null }) {
  const versions = useQuery(templateVersionsOptions(kind));
  return (
    <section aria-labelledby="history-heading" className="space-y-2 rounded-lg border border-stone-200 p-4 sm:p-6">
      <h2 id="history-heading" className="text-lg font-semibold text-stone-900">All versions</h2>
      <p className="text-sm text-stone-700">Read-only: a booking keeps the version in force when it was confirmed, so these stay as they were.</p>
      {versions.isError ? (
        <LoadError onRetry={() => void versions.refetch()}>{consentErrorText(versions.error)}</LoadError>
      ) : !versions.data ? (
        <p role="status" className="text-stone-700">Loading the versions…</p>
      ) : (
        <ul aria-label={`${KIND_LABEL[kind]} consent form versions`}>
          {versions.data.items.map((v) => (
            <VersionRow key={v.id} version={v} zone={zone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /artist/consent-forms: the artist's consent questions per service kind, edited and saved as versions. */
export default function ConsentTemplatesPage() {
  const { artist, isPending } = useOwnArtistProfile();
  const [params, setParams] = useSearchParams();
  const templates = useQuery({ ...artistTemplatesOptions(), enabled: Boolean(artist) });
  const zone = useBrowserZone();
  const [editing, setEditing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (isPending) return <p role="status" className="mx-auto max-w-4xl px-4 py-8 text-stone-700">Loading…</p>;
  if (!artist) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">Consent forms</h1>
        <p className="text-stone-800">Consent forms belong to artists. Clients sign theirs from a confirmed booking.</p>
        <ButtonLink to="/dashboard">Go to your bookings</ButtonLink>
      </div>
    );
  }
  const preferred: TConsentKind = artist.kind === 'piercing' ? 'piercing' : 'tattoo';
  const kind = isKind(params.get('kind')) ? (params.get('kind') as TConsentKind) : preferred;
  const current = templates.data?.items.find((t) => t.kind === kind);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <p className="text-sm">
        <Link to="/dashboard" className="text-stone-700 underline underline-offset-2 hover:text-stone-900">Dashboard</Link>
      </p>
      <header className="space-y-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">Consent forms</h1>
        <p className="text-stone-800">Your clients sign these before their appointment. Each save is a new version; a booking keeps the version in force when it was confirmed, and signed forms never change.</p>
      </header>
      <nav aria-label="Form kind" className="flex gap-2">
        {CONSENT_KINDS.map((k) => (
          <Link
            key={k}
            to={`?kind=${k}`}
            aria-current={k === kind ? 'page' : undefined}
            onClick={() => setEditing(false)}
            className={`rounded-md px-4 py-2 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${k === kind ? 'bg-stone-900 text-white' : 'border border-stone-300 text-stone-900 hover:bg-stone-100'}`}
          >
            {KIND_LABEL[k]}
          </Link>
        ))}
      </nav>
      {templates.isError ? (
        <LoadError onRetry={() => void templates.refetch()}>{consentErrorText(templates.error)}</LoadError>
      ) : !current ? (
        <p role="status" className="text-stone-700">Loading your questions…</p>
      ) : (
        <section aria-labelledby="current-heading" className="space-y-4 rounded-lg border border-stone-200 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="current-heading" className="text-lg font-semibold text-stone-900">{KIND_LABEL[kind]} consent form</h2>
              <p className="text-sm text-stone-700" data-testid="template-version">{versionLine(current, zone)}</p>
            </div>
            {editing ? null : <Button onClick={() => setEditing(true)}>Edit questions</Button>}
          </div>
          {editing ? (
            <Editor
              key={`${kind}-${current.version}`}
              template={current}
              onDone={() => {
                setEditing(false);
                setParams({ kind });
                requestAnimationFrame(() => headingRef.current?.focus());
              }}
            />
          ) : (
            <QuestionList questions={current.questions} />
          )}
          <p className="text-sm text-stone-700">Every form also asks for the date of birth, an ID photo and a signature; a piercing client under 18 adds a guardian. Tattoo clients must be 18 or older.</p>
        </section>
      )}
      {templates.isError ? null : <VersionHistory key={kind} kind={kind} zone={zone} />}
    </div>
  );
}
