import { AlertTriangle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CONSENT_ADULT_AGE, CONSENT_FORM_FIELDS as F, CONSENT_NO, CONSENT_YES, consentAnswerField, CONSENT_NAME_MAX, CONSENT_RELATIONSHIP_MAX, CONSENT_TEXT_ANSWER_MAX, type TConsentKind, type TConsentQuestion, type TConsentSign } from '../../../shared/contracts/consent.ts';
import { Button } from '../../ui/button.tsx';
import { Field, sentence } from '../../ui/field.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { TFormPostState } from '../../../shared/form-result.ts';
import { ErrorCodes, type ErrorCode } from '../../../shared/errors.ts';
import { ApiError } from '../../lib/api.ts';
import { ageAtAppointment, agePath, consentErrorText, draftFromFields, emptyDraft, toSignRequest, validateDraft, type ConsentDraft, type FieldErrors, type FieldKey, type SignatureDraft } from './consent-model.ts';
import { IdPhotoField, type PhotoSender } from './id-photo-field.tsx';
import { SignaturePad } from './signature-pad.tsx';

/** The DOM id of a field, for the error summary's links and the focus after a failed submit. */
const domId = (key: FieldKey) => `consent-${key.replace(':', '-')}`;

const RADIO = 'h-5 w-5 border-stone-400 text-stone-900 focus-visible:ring-2 focus-visible:ring-amber-600';
const FIELDSET = 'space-y-2 rounded-md border border-stone-200 p-4 aria-[invalid=true]:border-red-700';

function ErrorLine({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} className="text-sm text-red-700">{sentence(text)}</p> : null;
}

function Question({ question, value, onChange, error }: { question: TConsentQuestion; value: boolean | string | undefined; onChange: (v: boolean | string | undefined) => void; error: string | undefined }) {
  const id = domId(`answer:${question.id}`);
  const name = consentAnswerField(question.id);
  const helpId = question.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const optional = question.required ? null : <span className="font-normal text-stone-600"> (optional)</span>;
  const help = question.help ? <p id={helpId} className="text-sm text-stone-700">{question.help}</p> : null;

  if (question.type === 'acknowledge') {
    return (
      <div className={FIELDSET} aria-invalid={error ? true : undefined}>
        {help}
        <label className="flex items-start gap-3 font-medium text-stone-900">
          <input id={id} name={name} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className="mt-0.5 h-5 w-5 rounded border-stone-400" />
          <span>
            {question.label}
            {optional}
          </span>
        </label>
        <ErrorLine id={`${id}-error`} text={error} />
      </div>
    );
  }
  if (question.type === 'text') {
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="block font-medium text-stone-900">
          {question.label}
          {optional}
        </label>
        {help}
        <textarea
          id={id}
          name={name}
          rows={3}
          maxLength={CONSENT_TEXT_ANSWER_MAX}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700"
        />
        <ErrorLine id={`${id}-error`} text={error} />
      </div>
    );
  }
  // [label, value in the draft, value as posted]
  const choices: Array<[string, boolean | string, string]> = question.type === 'yes_no' ? [['Yes', true, CONSENT_YES], ['No', false, CONSENT_NO]] : (question.options ?? []).map((o) => [o, o, o]);
  return (
    <fieldset className={FIELDSET} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="px-1 font-medium text-stone-900">
        {question.label}
        {optional}
      </legend>
      {help}
      <div className={question.type === 'yes_no' ? 'flex gap-6' : 'space-y-2'}>
        {choices.map(([text, v, posted], i) => (
          <label key={text} className="flex items-center gap-2 text-stone-900">
            <input id={i === 0 ? id : undefined} type="radio" name={name} value={posted} checked={value === v} onChange={() => onChange(v)} className={RADIO} />
            {text}
          </label>
        ))}
      </div>
      <ErrorLine id={`${id}-error`} text={error} />
    </fieldset>
  );
}

/** Draw or type: the keyboard path (a typed name) is one radio away, and works without a pointer at all. */
function SignatureBlock({
  who,
  value,
  onChange,
  error,
  fieldKey,
  name,
  hydrated,
}: {
  who: string;
  value: SignatureDraft;
  onChange: (s: SignatureDraft) => void;
  error: string | undefined;
  fieldKey: FieldKey;
  /** The typed name's field when the browser posts the form itself. */
  name: string;
  /** Before the page's JavaScript runs there is no drawing pad: the typed name is the signature. */
  hydrated: boolean;
}) {
  const id = domId(fieldKey);
  const typedName = value.mode === 'typed' ? value.name : '';
  const typed = !hydrated || value.mode === 'typed';
  const errorId = `${id}-error`;
  const choose = (mode: SignatureDraft['mode']) => onChange(mode === 'drawn' ? { mode, png: null } : { mode, name: '' });
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium text-stone-900">{who}</legend>
      {hydrated ? (
        <div role="radiogroup" aria-label={`How ${who.toLowerCase()} is made`} className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-stone-900">
            <input type="radio" name={`${id}-mode`} checked={value.mode === 'drawn'} onChange={() => choose('drawn')} className={RADIO} />
            Draw it
          </label>
          <label className="flex items-center gap-2 text-stone-900">
            <input type="radio" name={`${id}-mode`} checked={value.mode === 'typed'} onChange={() => choose('typed')} className={RADIO} />
            Type my name
          </label>
        </div>
      ) : null}
      {!typed ? (
        <div id={id} tabIndex={-1} className="focus:outline-none">
          <SignaturePad label={who} describedBy={error ? errorId : undefined} invalid={Boolean(error)} onChange={(png) => onChange({ mode: 'drawn', png })} />
        </div>
      ) : (
        <div className="space-y-2">
          <Field
            id={id}
            name={name}
            label="Full name, typed as your signature"
            autoComplete="off"
            maxLength={CONSENT_NAME_MAX}
            value={typedName}
            onChange={(e) => onChange({ mode: 'typed', name: e.target.value })}
            hint="Typing your full name here signs the form, just as drawing would."
            error={error}
          />
          {typedName.trim() ? (
            <p aria-hidden="true" className="border-b border-stone-400 pb-1 font-serif text-2xl italic text-stone-900">
              {typedName}
            </p>
          ) : null}
        </div>
      )}
      {!typed ? <ErrorLine id={errorId} text={error} /> : null}
    </fieldset>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-stone-200 p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/** Why the server refused a post, in the same words as a refused JSON call. */
const refusedText = (refused: TFormPostState) => consentErrorText(new ApiError(ErrorCodes[refused.error.code as ErrorCode] ?? 400, JSON.stringify(refused.error)));

/** A tattoo client under 18: said at once, before the rest of the form is filled in. */
function AgeRefusal() {
  return (
    <div role="alert" data-testid="age-refusal" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
      <AlertTriangle className="mt-0.5 h-5 w-5 flex-none" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">Tattoo clients must be {CONSENT_ADULT_AGE} or older on the day of the appointment.</p>
        <p>This consent form cannot be signed, even with a parent’s permission. If the date of birth is wrong, correct it above; otherwise please message your artist to cancel or change the booking.</p>
      </div>
    </div>
  );
}

export type ConsentFormProps = {
  questions: readonly TConsentQuestion[];
  kind: TConsentKind;
  startsAt: string;
  /** `demo`: the try-it page; nothing is sent, and the buttons say so. */
  mode: 'live' | 'demo';
  sendPhoto: PhotoSender;
  /** Signs (or, in the demo, pretends to); throws with a message for the person on failure. */
  onSign: (body: TConsentSign) => Promise<void>;
  /**
   * Live only: where the browser posts the form itself before hydration or without JavaScript, and
   * that post's answers when the server refused it (the page drawn again, answers kept).
   */
  post?: { action: string; refused: TFormPostState | null };
};

/**
 * The consent form: date of birth first (so a tattoo client under 18 learns at once that they cannot
 * sign), the artist's questions, the ID photo, a guardian for a piercing client under 18, and the
 * signature. Everything typed stays in this component's memory: no draft is saved anywhere.
 */
export function ConsentForm({ questions, kind, startsAt, mode, sendPhoto, onSign, post }: ConsentFormProps) {
  const hydrated = useHydrated();
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const refused = post?.refused ?? null;
  const [draft, setDraft] = useState<ConsentDraft>(() => (refused ? draftFromFields(refused.fields, questions) : emptyDraft()));
  // A refused post names every problem next to its field at once, as the browser's own checks would.
  const [errors, setErrors] = useState<FieldErrors>(() => (refused ? validateDraft(draftFromFields(refused.fields, questions), questions, kind, startsAt, { requireIdImage: false }) : {}));
  const [failure, setFailure] = useState<string | null>(() => (refused ? refusedText(refused) : null));
  const [keptPhotos] = useState(() => ({ client: Boolean(refused?.fields[F.idImageId]), guardian: Boolean(refused?.fields[F.guardianIdImageId]) }));

  // What was typed before the JavaScript ran stays: the draft takes it from the form once hydrated.
  useEffect(() => {
    const form = formRef.current;
    if (!form || !post) return;
    const fields: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    const typed = draftFromFields(fields, questions);
    setDraft((d) => ({
      ...typed,
      signature: typed.signature.mode === 'typed' && typed.signature.name ? typed.signature : d.signature,
      guardianSignature: typed.guardianSignature.mode === 'typed' && typed.guardianSignature.name ? typed.guardianSignature : d.guardianSignature,
    }));
    // Once, on hydration: later changes go through the inputs' handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ConsentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const clearError = (key: FieldKey) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));

  const path = agePath(kind, ageAtAppointment(draft.dateOfBirth, startsAt));
  const errorList = Object.entries(errors).filter((entry): entry is [FieldKey, string] => Boolean(entry[1]));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = validateDraft(draft, questions, kind, startsAt, { requireIdImage: false });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setBusy(true);
    try {
      await onSign(toSignRequest(draft, questions, kind, startsAt));
    } catch (error) {
      setFailure(consentErrorText(error));
      requestAnimationFrame(() => summaryRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const labelFor = (key: FieldKey): string => {
    if (key.startsWith('answer:')) return questions.find((q) => `answer:${q.id}` === key)?.label ?? 'A question';
    return { dateOfBirth: 'Date of birth', idImage: 'Your ID photo', signature: 'Your signature', guardianName: 'Guardian’s name', guardianRelationship: 'Relationship', guardianIdImage: 'Guardian’s ID photo', guardianSignature: 'Guardian’s signature' }[key as Exclude<FieldKey, `answer:${string}`>];
  };

  return (
    <form
      ref={formRef}
      method="post"
      {...(post ? { action: post.action, encType: 'multipart/form-data' } : {})}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label="Consent form"
      className="space-y-6"
    >
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {post
            ? 'Without JavaScript there is no drawing pad: sign by typing your full name. Everything else works as usual.'
            : 'This demo needs JavaScript: it checks the form in your browser and sends nothing.'}
        </p>
      </noscript>
      <div ref={summaryRef} tabIndex={-1} className="focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{failure}</p>
        ) : errorList.length > 0 ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">Please check {errorList.length === 1 ? 'one answer' : `${errorList.length} answers`} before signing:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errorList.map(([key, text]) => (
                <li key={key}>
                  <a href={`#${domId(key)}`} className="underline underline-offset-2">{labelFor(key)}</a>: {sentence(text)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <Section title="About you" id={`${ids}-about`}>
        <Field
          id={domId('dateOfBirth')}
          name={F.dateOfBirth}
          label="Date of birth"
          type="date"
          autoComplete="bday"
          value={draft.dateOfBirth}
          max={startsAt.slice(0, 10)}
          onChange={(e) => {
            set({ dateOfBirth: e.target.value });
            clearError('dateOfBirth');
          }}
          hint={kind === 'tattoo' ? `Tattoo clients must be ${CONSENT_ADULT_AGE} or older on the day of the appointment.` : `Under ${CONSENT_ADULT_AGE} on the day? A parent or legal guardian signs with you.`}
          error={path === 'refused' ? undefined : errors.dateOfBirth}
        />
        {path === 'refused' ? <AgeRefusal /> : null}
      </Section>

      {path === 'refused' ? null : (
        <>
          <Section title="Health and consent questions" id={`${ids}-questions`}>
            <p className="text-sm text-stone-700">Your answers go only to your artist{mode === 'demo' ? ' (in this demo, nowhere)' : ''}. Questions without “(optional)” need an answer.</p>
            <div className="space-y-4">
              {questions.map((q) => (
                <Question
                  key={q.id}
                  question={q}
                  value={draft.answers[q.id]}
                  error={errors[`answer:${q.id}`]}
                  onChange={(v) => {
                    setDraft((d) => ({ ...d, answers: { ...d.answers, [q.id]: v } }));
                    clearError(`answer:${q.id}`);
                  }}
                />
              ))}
            </div>
          </Section>

          <Section title="Your ID" id={`${ids}-id`}>
            <IdPhotoField
              fieldId={domId('idImage')}
              name={F.idImage}
              kept={keptPhotos.client}
              label="Photo of your ID (optional)"
              hint={mode === 'demo' ? 'In this demo the photo is only checked in your browser; it is not uploaded.' : 'Kept in private storage, seen only by you, your artist and, if needed, Inkhaven’s staff. Without it, your artist checks your ID at the studio.'}
              send={sendPhoto}
              error={errors.idImage}
              onChange={(id) => set({ idImageId: id })}
            />
            {draft.idImageId ? <input type="hidden" name={F.idImageId} value={draft.idImageId} /> : null}
          </Section>

          {path === 'guardian' || (!hydrated && post && kind === 'piercing') ? (
            <Section title="Parent or guardian" id={`${ids}-guardian`}>
              <p className="text-stone-800">
                {path === 'guardian'
                  ? `You are under ${CONSENT_ADULT_AGE} on the day of the appointment, so a parent or legal guardian signs with you and comes to the appointment.`
                  : `Only if you are under ${CONSENT_ADULT_AGE} on the day of the appointment: a parent or legal guardian signs with you and comes to the appointment. Otherwise leave this part empty.`}
              </p>
              <Field id={domId('guardianName')} name={F.guardianName} label="Guardian’s full name" autoComplete="off" maxLength={CONSENT_NAME_MAX} value={draft.guardianName} onChange={(e) => { set({ guardianName: e.target.value }); clearError('guardianName'); }} error={errors.guardianName} />
              <Field id={domId('guardianRelationship')} name={F.guardianRelationship} label="Relationship to you" autoComplete="off" maxLength={CONSENT_RELATIONSHIP_MAX} placeholder="Parent, legal guardian…" value={draft.guardianRelationship} onChange={(e) => { set({ guardianRelationship: e.target.value }); clearError('guardianRelationship'); }} error={errors.guardianRelationship} />
              <IdPhotoField
                fieldId={domId('guardianIdImage')}
                name={F.guardianIdImage}
                kept={keptPhotos.guardian}
                label="Photo of the guardian’s ID"
                hint={mode === 'demo' ? 'In this demo the photo is only checked in your browser; it is not uploaded.' : 'Kept in private storage, like yours.'}
                send={sendPhoto}
                error={errors.guardianIdImage}
                onChange={(id) => { set({ guardianIdImageId: id }); clearError('guardianIdImage'); }}
              />
              {draft.guardianIdImageId ? <input type="hidden" name={F.guardianIdImageId} value={draft.guardianIdImageId} /> : null}
              <SignatureBlock who="Guardian’s signature" fieldKey="guardianSignature" name={F.guardianSignatureName} hydrated={hydrated} value={draft.guardianSignature} error={errors.guardianSignature} onChange={(s) => { set({ guardianSignature: s }); clearError('guardianSignature'); }} />
            </Section>
          ) : null}

          <Section title="Sign" id={`${ids}-sign`}>
            <SignatureBlock who="Your signature" fieldKey="signature" name={F.signatureName} hydrated={hydrated} value={draft.signature} error={errors.signature} onChange={(s) => { set({ signature: s }); clearError('signature'); }} />
            <p className="text-sm text-stone-700">
              {mode === 'demo'
                ? 'This is a demo: pressing the button below sends nothing and stores nothing.'
                : 'Once signed, the form is sealed: it cannot be changed, and you and your artist can download it as a PDF.'}
            </p>
            {/* Live, the browser can post it before hydration; the demo sends nothing, so it waits for its script. */}
            <Button type="submit" disabled={busy || (!hydrated && !post)} className="w-full sm:w-auto">
              {busy ? 'Signing…' : mode === 'demo' ? 'Try signing (nothing is sent)' : 'Sign the consent form'}
            </Button>
          </Section>
        </>
      )}
    </form>
  );
}
