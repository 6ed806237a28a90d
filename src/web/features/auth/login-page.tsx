import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  SIGN_IN_FORM_PATH,
  SIGN_UP_FORM_PATH,
  ZSignIn,
  ZSignUp,
  readLoginFailure,
  safeReturnTo,
  type LoginFailure,
  type LoginForm,
  type TSignIn,
  type TSignUp,
} from '../../../shared/contracts/auth.ts';
import { PASSWORD_MIN_LENGTH } from '../../../shared/limits.ts';
import { errorMessage } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { useAuthProviders, useSignIn, useSignUp } from './api/auth-mutations.ts';

const DEMO_ACCOUNTS = [
  ['client@inkhaven.test', 'Client'],
  ['artist@inkhaven.test', 'Tattoo artist'],
  ['piercer@inkhaven.test', 'Piercer'],
  ['admin@inkhaven.test', 'Admin'],
] as const;
const DEMO_PASSWORD = 'inkhaven-demo';

/** After sign-in the whole app reloads, so every cached query starts from the new session. */
function goTo(returnTo: string) {
  window.location.assign(returnTo);
}

/** Words for the codes a form post without JavaScript comes back with (the page shows codes, never text from its URL). */
const FORM_FAILURE_WORDS: Record<LoginForm, Record<string, string>> = {
  'sign-in': {
    INVALID_CREDENTIALS: 'That email and password do not match an account.',
    VALIDATION_FAILED: 'Enter your email address and your password.',
    RATE_LIMITED: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  'sign-up': {
    EMAIL_TAKEN: 'An account with that email already exists. Sign in instead.',
    WEAK_PASSWORD: 'That password is too easy to guess. Add a few uncommon words, or use the one your password manager suggests.',
    VALIDATION_FAILED: `Enter your first name, a valid email address and a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
    RATE_LIMITED: 'Too many sign-ups from here. Please wait a minute and try again.',
  },
};
const FALLBACK_FAILURE_WORDS: Record<LoginForm, string> = {
  'sign-in': 'We could not sign you in. Please try again.',
  'sign-up': 'We could not create that account. Please try again.',
};

/** The failure of an earlier post of this form without JavaScript, if that is how the page was reached. */
function failureOf(form: LoginForm, failure: LoginFailure | null): { email: string; words: string } | null {
  if (failure?.form !== form) return null;
  return { email: failure.email, words: FORM_FAILURE_WORDS[form][failure.code] ?? FALLBACK_FAILURE_WORDS[form] };
}

function FormAlert({ children }: { children: string }) {
  return <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{children}</p>;
}

/*
 * Both forms post to the server themselves (SIGN_IN_FORM_PATH, SIGN_UP_FORM_PATH) when the page's
 * JavaScript is not running yet, or at all: never a GET, which put the password in the URL, the
 * access log and the browser's history. Once hydrated, the submit handler takes over and uses the
 * JSON API instead.
 */

function SignInForm({ returnTo, prefill, failure }: { returnTo: string; prefill: TSignIn | null; failure: LoginFailure | null }) {
  const signIn = useSignIn();
  const earlier = failureOf('sign-in', failure);
  const form = useForm<TSignIn>({ resolver: zodResolver(ZSignIn), values: prefill ?? { email: earlier?.email ?? '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    await signIn.mutateAsync(values);
    goTo(returnTo);
  });
  const alert = signIn.error ? errorMessage(signIn.error) : earlier?.words;
  return (
    <form method="post" action={SIGN_IN_FORM_PATH} onSubmit={(e) => void onSubmit(e).catch(() => {})} noValidate className="space-y-4" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className="text-xl font-semibold text-stone-900">Sign in</h2>
      <input type="hidden" name="returnTo" value={returnTo} />
      <Field label="Email" type="email" autoComplete="email" defaultValue={earlier?.email} {...form.register('email')} error={form.formState.errors.email?.message} />
      <Field label="Password" type="password" autoComplete="current-password" {...form.register('password')} error={form.formState.errors.password?.message} />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Button type="submit" data-cta="sign-in" className="w-full" disabled={signIn.isPending}>{signIn.isPending ? 'Signing in…' : 'Sign in'}</Button>
    </form>
  );
}

function SignUpForm({ returnTo, failure }: { returnTo: string; failure: LoginFailure | null }) {
  const signUp = useSignUp();
  const earlier = failureOf('sign-up', failure);
  const form = useForm<TSignUp>({ resolver: zodResolver(ZSignUp), defaultValues: { firstName: '', email: earlier?.email ?? '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    await signUp.mutateAsync(values);
    goTo(returnTo);
  });
  const alert = signUp.error ? errorMessage(signUp.error) : earlier?.words;
  return (
    <form method="post" action={SIGN_UP_FORM_PATH} onSubmit={(e) => void onSubmit(e).catch(() => {})} noValidate className="space-y-4" aria-labelledby="sign-up-heading">
      <h2 id="sign-up-heading" className="text-xl font-semibold text-stone-900">Create an account</h2>
      <input type="hidden" name="returnTo" value={returnTo} />
      <Field label="First name" autoComplete="given-name" {...form.register('firstName')} error={form.formState.errors.firstName?.message} />
      <Field label="Email" type="email" autoComplete="email" defaultValue={earlier?.email} {...form.register('email')} error={form.formState.errors.email?.message} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Passwords that are easy to guess (common words, your name or email, keyboard patterns) are refused.`}
        {...form.register('password')}
        error={form.formState.errors.password?.message}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Button type="submit" data-cta="create-account" className="w-full" disabled={signUp.isPending}>{signUp.isPending ? 'Creating account…' : 'Create account'}</Button>
    </form>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const failure = readLoginFailure(params);
  const providers = useAuthProviders();
  const [prefill, setPrefill] = useState<TSignIn | null>(null);
  const oidc = providers.data?.oidc;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900">Welcome to Inkhaven</h1>
      <p className="mt-2 text-stone-700">Sign in to book artists and keep track of your appointments.</p>
      {params.get('error') === 'oidc' ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">Single sign-on did not complete. Please try again or use your email and password.</p>
      ) : null}
      {oidc ? (
        <a data-cta="sign-in-sso" href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} className="mt-6 inline-flex rounded-md border border-stone-300 px-4 py-2 font-medium text-stone-900 hover:bg-stone-100">
          Continue with {oidc.name}
        </a>
      ) : null}
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <div className="rounded-lg border border-stone-200 p-6">
          <SignInForm returnTo={returnTo} prefill={prefill} failure={failure} />
        </div>
        <div className="rounded-lg border border-stone-200 p-6">
          <SignUpForm returnTo={returnTo} failure={failure} />
        </div>
      </div>
      {providers.data?.demo ? (
        <section aria-labelledby="demo-heading" className="mt-10 rounded-lg bg-amber-50 p-6">
          <h2 id="demo-heading" className="font-semibold text-stone-900">Demo accounts</h2>
          <p className="mt-1 text-sm text-stone-700">This is a demo install. Every demo account uses the password <code className="font-mono">{DEMO_PASSWORD}</code>.</p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {DEMO_ACCOUNTS.map(([email, role]) => (
              <li key={email}>
                <button type="button" className="w-full rounded-md border border-amber-300 bg-white px-3 py-2 text-left text-sm hover:bg-amber-100" onClick={() => setPrefill({ email, password: DEMO_PASSWORD })}>
                  <span className="font-medium text-stone-900">{role}</span> <span className="text-stone-700">{email}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
