import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Store } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { BOOKING_MESSAGE_MAX } from '../../../shared/booking-rules.ts';
import type { TPaymentSetup } from '../../../shared/contracts/bookings.ts';
import type { TConnectLink } from '../../../shared/contracts/payments.ts';
import { PLATFORM_FEE_CAP_CENTS, PLATFORM_FEE_PERCENT } from '../../../shared/payments.ts';
import { apiRequest } from '../../lib/api.ts';
import { bookingSettingsOptions, saveBookingSettings, useOwnArtistProfile, type TOwnArtist } from '../../lib/bookings.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';

const CARD = 'rounded-lg border border-stone-200 bg-white p-4 sm:p-6';
const SETUP_KEY = ['/api/payments/setup'] as const;
const setupOptions = { queryKey: SETUP_KEY, staleTime: 0 } as const;

/** Stripe-hosted onboarding lives on stripe.com: a full page navigation, not a router one. */
function goTo(url: string) {
  window.location.assign(url);
}

async function connectLink(path: '/api/payments/connect' | '/api/payments/connect/refresh'): Promise<TConnectLink> {
  return (await apiRequest('POST', path, {})).json() as Promise<TConnectLink>;
}

function Alert({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <p role={ok ? 'status' : 'alert'} className={`rounded-md p-3 text-sm ${ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'}`}>
      {children}
    </p>
  );
}

function StripeState({ setup }: { setup: TPaymentSetup }) {
  const stripe = setup.stripe;
  const connect = useMutation({
    mutationFn: () => connectLink(stripe?.accountId ? '/api/payments/connect/refresh' : '/api/payments/connect'),
    onSuccess: (link) => goTo(link.url),
  });
  if (stripe?.chargesEnabled) {
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 font-semibold text-emerald-900">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> Card deposits are on
        </p>
        <p className="text-stone-700">Clients pay deposits by card when you accept their request; Stripe pays the money out to your bank account on its usual schedule.</p>
        <p className="text-xs text-stone-600">Stripe account {stripe.accountId}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {stripe?.accountId ? (
        <p className="text-stone-800">
          Your Stripe account is created, but Stripe has not enabled card payments yet. Usually some details are still missing — identity, bank account or business information. Continue the form on
          Stripe to finish.
        </p>
      ) : (
        <p className="text-stone-800">Connect a Stripe account to take deposits by card. Stripe asks for your identity and the bank account payouts go to; it takes about five minutes.</p>
      )}
      <Button onClick={() => connect.mutate()} disabled={connect.isPending || connect.isSuccess}>
        <CreditCard className="h-4 w-4" aria-hidden="true" />
        {connect.isPending || connect.isSuccess ? 'Opening Stripe…' : stripe?.accountId ? 'Continue on Stripe' : 'Connect with Stripe'}
      </Button>
      {connect.isError ? <Alert ok={false}>{errorMessage(connect.error)}</Alert> : null}
      <p className="text-xs text-stone-600">Until card payments are enabled, your clients pay deposits at the studio using your instructions below.</p>
    </div>
  );
}

/** After Stripe's form (return link): ask Stripe for the account's state now, then show it. */
function ReturnFromStripe() {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/payments/connect/sync', {})).json() as Promise<TPaymentSetup>,
    onSuccess: (setup) => queryClient.setQueryData(SETUP_KEY, setup),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    sync.mutate();
  }, [sync]);
  if (sync.isPending || sync.isIdle) return <p role="status" className="text-stone-700">Checking your Stripe account…</p>;
  if (sync.isError) return <Alert ok={false}>Could not check your Stripe account: {errorMessage(sync.error)}</Alert>;
  return sync.data.stripe?.chargesEnabled ? (
    <Alert ok>Stripe has enabled card payments. Clients now pay deposits by card.</Alert>
  ) : (
    <Alert ok={false}>Stripe has not enabled card payments for your account yet. Some details are still missing; continue on Stripe below, or check back in a few minutes if you just finished.</Alert>
  );
}

/** Stripe's refresh link: the onboarding link expired or was used, so fetch a fresh one and go straight back. */
function RefreshStripeLink({ setup }: { setup: TPaymentSetup }) {
  const refresh = useMutation({ mutationFn: () => connectLink('/api/payments/connect/refresh'), onSuccess: (link) => goTo(link.url) });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    refresh.mutate();
  }, [refresh]);
  if (refresh.isError) {
    return (
      <>
        <Alert ok={false}>Could not get a new Stripe link: {errorMessage(refresh.error)}</Alert>
        <StripeState setup={setup} />
      </>
    );
  }
  return <p role="status" className="text-stone-700">Your Stripe link expired; getting a fresh one…</p>;
}

function StudioInstructions({ artist, current }: { artist: TOwnArtist; current: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery(bookingSettingsOptions(artist.id));
  const [text, setText] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const value = text ?? settings.data?.depositInstructions ?? current;
  const save = useMutation({
    mutationFn: async () => {
      if (!settings.data) throw new Error('Your booking settings are still loading.');
      const { calendarFeedUrl: _feed, ...rest } = settings.data;
      return saveBookingSettings(queryClient, artist.id, { ...rest, depositInstructions: value.trim() });
    },
    onSuccess: (saved) => {
      setText(saved.depositInstructions);
      void queryClient.invalidateQueries({ queryKey: SETUP_KEY });
      setNote({ ok: true, text: 'Instructions saved. New bookings show them to the client.' });
    },
    onError: (error) => setNote({ ok: false, text: errorMessage(error) }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    save.mutate();
  };
  return (
    <form method="post" onSubmit={onSubmit} aria-label="Deposit instructions" className="space-y-3">
      <label htmlFor={id} className="block font-medium text-stone-900">Deposit instructions</label>
      <textarea
        id={id}
        rows={5}
        maxLength={BOOKING_MESSAGE_MAX}
        value={value}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600"
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        Clients see this with the deposit amount once you accept: how to pay (cash at the desk, bank transfer…), and that you mark it received. Also under{' '}
        <Link to="/dashboard/booking-settings" className="underline underline-offset-2">booking settings</Link>.
      </p>
      {settings.isError ? <Alert ok={false}>{errorMessage(settings.error)}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || !settings.data}>{save.isPending ? 'Saving…' : 'Save instructions'}</Button>
        {note ? <Alert ok={note.ok}>{note.text}</Alert> : null}
      </div>
    </form>
  );
}

function Setup({ artist, action }: { artist: TOwnArtist; action: 'return' | 'refresh' | null }) {
  const setup = useQuery<TPaymentSetup>(setupOptions);
  if (setup.isPending) return <p role="status" className="text-stone-700">Loading your payment setup…</p>;
  if (setup.isError) return <Alert ok={false}>Could not load your payment setup: {errorMessage(setup.error)}</Alert>;
  const data = setup.data;
  const stripeMode = data.mode === 'stripe';
  return (
    <div className="space-y-6">
      <section aria-labelledby="mode-heading" className={`rounded-lg border p-4 sm:p-6 ${stripeMode ? 'border-sky-300 bg-sky-50' : 'border-amber-300 bg-amber-50'}`}>
        <h2 id="mode-heading" className="flex items-center gap-2 text-xl font-semibold text-stone-950">
          {stripeMode ? <CreditCard className="h-5 w-5" aria-hidden="true" /> : <Store className="h-5 w-5" aria-hidden="true" />}
          {stripeMode ? 'Card deposits through Stripe' : 'Deposits are paid at the studio — card payments are not configured on this server'}
        </h2>
        <p className="mt-2 text-stone-800">
          {stripeMode
            ? `Clients pay the deposit by card through Stripe Checkout. It is credited to the final price. Inkhaven keeps ${PLATFORM_FEE_PERCENT}% of each deposit (at most ${formatMoney(PLATFORM_FEE_CAP_CENTS)}); the rest is paid out to you.`
            : 'When you accept a request, the client sees the deposit amount and your instructions, pays you at the studio, and you mark the deposit received on your dashboard. Nothing is charged online.'}
        </p>
      </section>

      {stripeMode ? (
        <section aria-labelledby="stripe-heading" className={`${CARD} space-y-4`}>
          <h2 id="stripe-heading" className="text-xl font-semibold text-stone-900">Your Stripe account</h2>
          {action === 'return' ? <ReturnFromStripe /> : null}
          {action === 'refresh' ? <RefreshStripeLink setup={data} /> : <StripeState setup={data} />}
        </section>
      ) : null}

      <section aria-labelledby="studio-heading" className={`${CARD} space-y-3`}>
        <h2 id="studio-heading" className="text-xl font-semibold text-stone-900">{stripeMode ? 'Paying at the studio' : 'How clients pay you'}</h2>
        <StudioInstructions artist={artist} current={data.depositInstructions} />
      </section>
    </div>
  );
}

/** /artist/payment-setup and /artist/payment-setup/{return|refresh}: which deposit mode is on, Stripe Connect onboarding, studio instructions. */
export default function PaymentSetupPage() {
  const params = useParams();
  const own = useOwnArtistProfile();
  const raw = params.action ?? null;
  const action = raw === 'return' || raw === 'refresh' ? raw : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-stone-900">Payment setup</h1>
          <p className="mt-1 text-stone-700">How your clients pay deposits.</p>
        </div>
        <Link to="/dashboard" className="text-sm font-medium underline underline-offset-2">Back to the dashboard</Link>
      </header>
      {raw !== null && action === null ? (
        <Alert ok={false}>
          This payment setup link is not one we know. <Link to="/artist/payment-setup" className="underline">Open payment setup</Link>.
        </Alert>
      ) : null}
      {own.isPending ? <p role="status" className="text-stone-700">Loading your artist profile…</p> : null}
      {own.error ? <Alert ok={false}>{errorMessage(own.error)}</Alert> : null}
      {!own.isPending && !own.error && !own.artist ? (
        <section className={CARD}>
          <h2 className="text-xl font-semibold text-stone-900">Payment setup is for artists</h2>
          <p className="mt-2 text-stone-700">Create your artist profile first; then choose how clients pay their deposits.</p>
          <ButtonLink to="/artist/create" className="mt-4">Create your artist profile</ButtonLink>
        </section>
      ) : null}
      {own.artist && (raw === null || action !== null) ? <Setup artist={own.artist} action={action} /> : null}
    </div>
  );
}
