import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ONBOARDING_STEPS } from '../../../shared/contracts/artist-profile.ts';
import type { TArtistProfile } from '../../../shared/contracts/artists.ts';
import { refreshAuth } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { FirstPhotos } from './first-photos.tsx';
import { clearErrorsFor, focusField, serverProblem } from './form-helpers.ts';
import { createProfile, draftOptions, saveDraft, studiosOptions, useOwnArtist, useSlugCheck } from './onboarding-api.ts';
import { AboutStep, HoursStep, KindStep, LocationStep, NameStep, ReviewStep, ServicesStep, StudioStep } from './steps.tsx';
import { emptyWizard, restoreWizard, STEP_COUNT, stepErrors, stepOf, toInput, validateAll, type Errors, type Update, type WizardData } from './wizard-model.ts';

const STEP_TITLES = [
  'What do you do?',
  'Your name and profile address',
  'About you',
  'Your studio',
  'Your city',
  'Services and prices',
  'Working hours',
  'Review and publish',
] as const;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

function StepIndicator({ step }: { step: number }) {
  return (
    <div className="mt-4">
      <p className="text-sm font-semibold text-amber-800">
        Step {step + 1} of {STEP_COUNT}
      </p>
      <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <div className="h-full rounded-full bg-stone-900 transition-all" style={{ width: `${((step + 1) / STEP_COUNT) * 100}%` }} />
      </div>
      <ol className="mt-3 hidden flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600 md:flex">
        {ONBOARDING_STEPS.map((name, i) => (
          <li key={name} aria-current={i === step ? 'step' : undefined} className={i === step ? 'font-semibold text-stone-900' : i < step ? 'text-stone-800' : ''}>
            {i < step ? <span aria-hidden="true">✓ </span> : null}
            {name}
            {i < step ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Success({ profile }: { profile: TArtistProfile }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [photos, setPhotos] = useState(0);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="published-heading" className="mt-8 rounded-lg border border-emerald-300 bg-emerald-50 p-6">
      <CheckCircle2 className="h-10 w-10 text-emerald-700" aria-hidden="true" />
      <h2 id="published-heading" ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-stone-900 outline-none">
        Your profile is live
      </h2>
      <p className="mt-2 text-stone-800">
        Clients can find {profile.displayName} in search now. Add photos of your work next: profiles with a portfolio get far more booking requests.
      </p>
      <FirstPhotos artistId={profile.id} onCountChange={setPhotos} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={`/artists/${profile.slug}`}>View your public profile</ButtonLink>
        <ButtonLink to="/dashboard/portfolio" variant="secondary">
          {photos ? 'Captions, more photos and flash' : 'Portfolio and flash'}
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-stone-700">
        You can change any answer later under <Link to="/dashboard/profile" className="underline underline-offset-2">Edit profile</Link>, and your picture under{' '}
        <Link to="/account" className="underline underline-offset-2">Your account</Link>.
      </p>
    </section>
  );
}

function Wizard({ initialStep, initialData }: { initialStep: number; initialData: WizardData }) {
  const queryClient = useQueryClient();
  const [data, setData] = useState(initialData);
  const [step, setStep] = useState(initialStep);
  const [errors, setErrors] = useState<Errors>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [publishing, setPublishing] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [published, setPublished] = useState<TArtistProfile | null>(null);
  const slugCheck = useSlugCheck(data.slug);
  const studios = useQuery({ ...studiosOptions(), enabled: data.studioMode === 'join' && step === STEP_COUNT - 1 });
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step change moves focus to the new step's heading, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const update: Update = (patch) => {
    setData((d) => ({ ...d, ...patch }));
    setErrors((e) => clearErrorsFor(e, patch));
  };

  const persist = async (nextStep: number) => {
    setSaveState('saving');
    try {
      await saveDraft(nextStep, data);
      setSaveState('saved');
    } catch {
      setSaveState('failed');
    }
  };

  const goTo = (nextStep: number) => {
    setErrors({});
    setAlert(null);
    setStep(nextStep);
    void persist(nextStep);
  };

  const showErrors = (errs: Errors) => {
    setErrors(errs);
    const first = Object.keys(errs)[0];
    if (first) focusField(first);
  };

  const publish = async () => {
    const all = validateAll(data);
    const first = Object.keys(all)[0];
    if (first) {
      setStep(stepOf(first));
      showErrors(stepErrors(all, stepOf(first)));
      return;
    }
    setPublishing(true);
    setAlert(null);
    try {
      const profile = await createProfile(toInput(data));
      // The navigation switches to the artist view as soon as the profile exists (spec §2, §6).
      await refreshAuth(queryClient);
      setPublished(profile);
    } catch (error) {
      const problem = serverProblem(error);
      if (problem.path) {
        setStep(stepOf(problem.path));
        showErrors({ [problem.path]: problem.message });
      } else setAlert(problem.message);
    } finally {
      setPublishing(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (step === STEP_COUNT - 1) {
      void publish();
      return;
    }
    const errs = stepErrors(validateAll(data), step);
    if (step === 1 && slugCheck.state === 'done' && !slugCheck.result.available) errs.slug ??= slugCheck.result.reason ?? 'That address is not available.';
    if (Object.keys(errs).length) {
      showErrors(errs);
      return;
    }
    goTo(step + 1);
  };

  if (published) return <Success profile={published} />;

  const props = { data, update, errors };
  const studioName = studios.data?.items.find((s) => s.id === data.studioId)?.name ?? null;
  const errorCount = Object.keys(errors).length;
  return (
    <>
      <StepIndicator step={step} />
      <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="step-heading" className="mt-6 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="step-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-stone-900 outline-none">
          <span className="sr-only">Step {step + 1} of {STEP_COUNT}: </span>
          {STEP_TITLES[step]}
        </h2>
        {errorCount > 0 && step !== STEP_COUNT - 1 ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {errorCount === 1 ? 'One answer on this step needs fixing.' : `${errorCount} answers on this step need fixing.`}
          </p>
        ) : null}
        <div className="mt-5">
          {step === 0 ? <KindStep {...props} /> : null}
          {step === 1 ? <NameStep {...props} slugCheck={slugCheck} /> : null}
          {step === 2 ? <AboutStep {...props} /> : null}
          {step === 3 ? <StudioStep {...props} /> : null}
          {step === 4 ? <LocationStep {...props} /> : null}
          {step === 5 ? <ServicesStep {...props} /> : null}
          {step === 6 ? <HoursStep {...props} /> : null}
          {step === 7 ? <ReviewStep {...props} errors={validateAll(data)} onEdit={goTo} studioName={studioName} /> : null}
        </div>
        {alert ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">{alert}</p>
        ) : null}
        <div className="mt-8 flex flex-col-reverse gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {step > 0 ? (
            <Button variant="secondary" onClick={() => goTo(step - 1)}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
            </Button>
          ) : (
            <span />
          )}
          <p className="text-xs text-stone-600 sm:order-none" role="status" aria-live="polite">
            {saveState === 'saving' ? 'Saving draft…' : saveState === 'saved' ? 'Draft saved' : saveState === 'failed' ? 'Your draft could not be saved; your answers are kept on this page.' : ''}
          </p>
          <Button type="submit" disabled={publishing}>
            {step === STEP_COUNT - 1 ? (publishing ? 'Publishing…' : 'Publish profile') : (
              <>
                Next <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </>
            )}
          </Button>
        </div>
      </form>
    </>
  );
}

/** /artist/create, /artist/onboarding and /artists/new: one wizard, with the saved draft restored. */
export default function OnboardingPage() {
  const own = useOwnArtist();
  const draft = useQuery({ ...draftOptions(), enabled: own.data === null });
  let body;
  if (own.isPending || (own.data === null && draft.isPending)) {
    body = <p role="status" className="mt-8 text-stone-600">Loading…</p>;
  } else if (own.isError) {
    body = <p role="alert" className="mt-8 text-red-800">{errorMessage(own.error)}</p>;
  } else if (own.data) {
    body = (
      <section className="mt-8 rounded-lg border border-stone-200 p-6">
        <h2 className="text-xl font-semibold text-stone-900">You already have an artist profile</h2>
        <p className="mt-2 text-stone-700">Each account has one profile. You can change everything on it.</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/dashboard/profile">Edit profile</ButtonLink>
          <ButtonLink to={`/artists/${own.data.slug}`} variant="secondary">View your public profile</ButtonLink>
        </div>
      </section>
    );
  } else {
    const saved = draft.data?.updatedAt ? draft.data : null;
    body = <Wizard initialStep={saved?.step ?? 0} initialData={saved ? restoreWizard(saved.data) : emptyWizard()} />;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Create your artist profile</h1>
      <p className="mt-2 text-stone-700">A few short steps. Your answers are saved as you go, so you can stop and come back.</p>
      {body}
    </div>
  );
}
