import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TArtistEditable } from '../../../shared/contracts/artist-profile.ts';
import { refreshAuth } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { clearErrorsFor, focusField, serverProblem } from './form-helpers.ts';
import { editableOptions, updateProfile, useOwnArtist, useSlugCheck } from './onboarding-api.ts';
import { AboutStep, HoursStep, KindStep, LocationStep, NameStep, ServicesStep, StudioStep } from './steps.tsx';
import { fromEditable, validateAll, toInput, type Errors, type Update } from './wizard-model.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function EditForm({ profile }: { profile: TArtistEditable }) {
  const queryClient = useQueryClient();
  const [data, setData] = useState(() => fromEditable(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: 'saved'; slug: string } | { kind: 'error'; message: string } | null>(null);
  const [currentSlug, setCurrentSlug] = useState(profile.slug);
  const slugCheck = useSlugCheck(data.slug, currentSlug);

  const update: Update = (patch) => {
    setData((d) => ({ ...d, ...patch }));
    setErrors((e) => clearErrorsFor(e, patch));
    setStatus(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateAll(data);
    if (slugCheck.state === 'done' && !slugCheck.result.available) errs.slug ??= slugCheck.result.reason ?? 'That address is not available.';
    const first = Object.keys(errs)[0];
    if (first) {
      setErrors(errs);
      focusField(first);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateProfile(profile.id, toInput(data));
      setCurrentSlug(saved.slug);
      // Saved services now have ids; start from what the server holds so the next save edits them in place.
      const fresh = await queryClient.fetchQuery({ ...editableOptions(profile.id), staleTime: 0 });
      setData(fromEditable(fresh));
      setStatus({ kind: 'saved', slug: saved.slug });
      await queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/artists') });
      await refreshAuth(queryClient);
    } catch (error) {
      const problem = serverProblem(error);
      if (problem.path) {
        setErrors({ [problem.path]: problem.message });
        focusField(problem.path);
      } else setStatus({ kind: 'error', message: problem.message });
    } finally {
      setSaving(false);
    }
  };

  const props = { data, update, errors };
  const errorCount = Object.keys(errors).length;
  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit profile" className="mt-6 space-y-6">
      <Section id="kind" title="What you offer"><KindStep {...props} /></Section>
      <Section id="name" title="Name and profile address"><NameStep {...props} slugCheck={slugCheck} /></Section>
      <Section id="about" title="About you"><AboutStep {...props} /></Section>
      <Section id="studio" title="Studio"><StudioStep {...props} /></Section>
      <Section id="city" title="City"><LocationStep {...props} /></Section>
      <Section id="services" title="Services and prices">
        <ServicesStep {...props} />
        <p className="mt-3 text-xs text-stone-600">Removing a service that clients have booked keeps it on their bookings; it is only taken off your profile.</p>
      </Section>
      <Section id="hours" title="Working hours"><HoursStep {...props} /></Section>
      <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="status" aria-live="polite" className="text-sm">
          {errorCount > 0 ? <span className="text-red-800">{errorCount === 1 ? 'One answer needs fixing.' : `${errorCount} answers need fixing.`}</span> : null}
          {status?.kind === 'saved' ? (
            <span className="text-emerald-800">
              Profile saved. <Link to={`/artists/${status.slug}`} className="underline underline-offset-2">View your public profile</Link>
            </span>
          ) : null}
          {status?.kind === 'error' ? <span className="text-red-800">{status.message}</span> : null}
        </div>
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save changes'}</Button>
      </div>
    </form>
  );
}

function EditLoader({ id }: { id: string }) {
  const editable = useQuery(editableOptions(id));
  if (editable.isPending) return <p role="status" className="mt-8 text-stone-600">Loading your profile…</p>;
  if (editable.isError) return <p role="alert" className="mt-8 text-red-800">{errorMessage(editable.error)}</p>;
  return <EditForm profile={editable.data} />;
}

/** /dashboard/profile: the wizard's steps as one form over the artist's own profile (PATCH). */
export default function EditProfilePage() {
  const own = useOwnArtist();
  let body: ReactNode;
  if (own.isPending) body = <p role="status" className="mt-8 text-stone-600">Loading…</p>;
  else if (own.isError) body = <p role="alert" className="mt-8 text-red-800">{errorMessage(own.error)}</p>;
  else if (!own.data) {
    body = (
      <section className="mt-8 rounded-lg border border-stone-200 p-6">
        <h2 className="text-xl font-semibold text-stone-900">You do not have an artist profile yet</h2>
        <p className="mt-2 text-stone-700">Create one in a few steps and clients can find and book you.</p>
        <ButtonLink to="/artist/create" className="mt-4">Create your artist profile</ButtonLink>
      </section>
    );
  } else body = <EditLoader id={own.data.id} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-stone-900">Edit profile</h1>
        {own.data ? (
          <div className="flex gap-4 text-sm">
            <Link to="/dashboard/portfolio" className="font-medium underline underline-offset-2">Portfolio and flash</Link>
            <Link to={`/artists/${own.data.slug}`} className="font-medium underline underline-offset-2">View public profile</Link>
          </div>
        ) : null}
      </div>
      {body}
    </div>
  );
}
