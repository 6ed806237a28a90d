import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for api.stripe.com that the real `stripe` library talks to (STRIPE_API_BASE
 * points at it). It answers the requests the app makes with objects shaped like Stripe's, keeps
 * them so later reads see earlier writes, honours Idempotency-Key like Stripe does (same key, same
 * answer; same key with other parameters, an error), and records every request for assertions.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  /** The form body, keys as sent (`metadata[bookingId]`, `line_items[0][quantity]`, …). */
  form: Record<string, string>;
  idempotencyKey: string | null;
  stripeAccount: string | null;
};

type Json = Record<string, unknown>;
type Stored = { status: number; body: Json; fingerprint: string };

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);
const token = (n = 24) => randomBytes(n).toString('hex').slice(0, n);
const newId = (prefix: string) => `${prefix}_test_${token(24)}`;

function stripeError(status: number, type: string, message: string, param?: string, code?: string): { status: number; body: Json } {
  return { status, body: { error: { type, message, ...(param ? { param } : {}), ...(code ? { code } : {}) } } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** `a[b][0][c]=1` → nested objects and arrays, as Stripe reads them. */
function nest(form: Record<string, string>): Json {
  const root: Json = {};
  for (const [key, value] of Object.entries(form)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const int = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
const bool = (v: unknown) => v === 'true';

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly checkoutSessions = new Map<string, Json>();
  readonly accounts = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  private readonly idempotent = new Map<string, Stored>();
  /** Answer the next `times` requests to this path with a Stripe API error (to test failures). */
  readonly failures = new Map<string, { status: number; type: string; message: string; times: number }>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeStripe> {
    let fake: FakeStripe | null = null;
    const server = createServer((req, res) => {
      void fake!.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`);
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  /** Requests to `path` (exact, or a prefix ending in `/`) with `method`. */
  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (path.endsWith('/') ? r.path.startsWith(path) : r.path === path));
  }

  // --- What Stripe would do on its side (the client pays, onboarding finishes, …) --------------

  /**
   * The client paid the Checkout Session: a payment intent (on the platform, transferring to the
   * connected account) exists and the session is complete. `async` leaves the payment processing
   * (bank debits), as Stripe does before `checkout.session.async_payment_succeeded`. `amount` and
   * `currency` make the payment another than the session asked for (a session changed on Stripe's
   * side, a misconfigured price): the session and its payment intent both say what was paid.
   */
  payCheckoutSession(sessionId: string, opts: { async?: boolean; amount?: number; currency?: string } = {}): Json {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (opts.amount !== undefined) Object.assign(session, { amount_subtotal: opts.amount, amount_total: opts.amount });
    if (opts.currency !== undefined) session.currency = opts.currency;
    const pi = (session.payment_intent as string | null) ?? newId('pi');
    const piData = (session.__payment_intent_data as Json | undefined) ?? {};
    this.paymentIntents.set(pi, {
      id: pi,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: opts.async ? 0 : session.amount_total,
      currency: session.currency,
      status: opts.async ? 'processing' : 'succeeded',
      application_fee_amount: int(piData.application_fee_amount),
      transfer_data: piData.transfer_data ?? null,
      metadata: piData.metadata ?? {},
      latest_charge: newId('ch'),
      livemode: false,
      created: now(),
    });
    Object.assign(session, { status: 'complete', payment_status: opts.async ? 'unpaid' : 'paid', payment_intent: pi, url: null });
    return this.publicSession(session);
  }

  /** Bank debit cleared: the session becomes paid. */
  settleAsyncPayment(sessionId: string): Json {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    session.payment_status = 'paid';
    const pi = this.paymentIntents.get(session.payment_intent as string);
    if (pi) Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
    return this.publicSession(session);
  }

  expireCheckoutSession(sessionId: string): Json {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    Object.assign(session, { status: 'expired', url: null });
    return this.publicSession(session);
  }

  /** The artist finished (or undid) onboarding on Stripe's pages. */
  updateAccount(accountId: string, patch: { charges_enabled?: boolean; payouts_enabled?: boolean; details_submitted?: boolean }): Json {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, patch);
    if (patch.charges_enabled) account.requirements = { ...(account.requirements as Json), currently_due: [], disabled_reason: null };
    return { ...account };
  }

  // --- HTTP --------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      form,
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
    };
    this.requests.push(recorded);

    let answer: { status: number; body: Json; replayed?: boolean };
    if (!(header('authorization') ?? '').startsWith('Bearer sk_')) {
      answer = stripeError(401, 'invalid_request_error', 'You did not provide an API key.');
    } else if (recorded.method === 'POST' && recorded.idempotencyKey) {
      const key = `${recorded.stripeAccount ?? ''}:${recorded.idempotencyKey}`;
      const fingerprint = `${recorded.path}?${raw}`;
      const stored = this.idempotent.get(key);
      if (stored && stored.fingerprint !== fingerprint) {
        answer = stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${recorded.idempotencyKey}' if you meant to execute a different request.`,
        );
      } else if (stored) {
        answer = { status: stored.status, body: stored.body, replayed: true };
      } else {
        answer = this.route(recorded);
        // Stripe keeps the result of a request that ran, errors included, except server errors.
        if (answer.status < 500) this.idempotent.set(key, { ...answer, fingerprint });
      }
    } else {
      answer = this.route(recorded);
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${token(14)}`,
      'stripe-version': API_VERSION,
      ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(answer.body));
  }

  private route(r: RecordedRequest): { status: number; body: Json } {
    const failure = this.failures.get(r.path);
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) this.failures.delete(r.path);
      return stripeError(failure.status, failure.type, failure.message);
    }
    const params = nest(r.form);
    const m = (re: RegExp) => re.exec(r.path);
    let match: RegExpExecArray | null;
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') return this.createCheckoutSession(params);
    if (r.method === 'GET' && (match = m(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const s = this.checkoutSessions.get(match[1]!);
      return s ? { status: 200, body: this.publicSession(s) } : stripeError(404, 'invalid_request_error', `No such checkout.session: '${match[1]}'`, 'session');
    }
    if (r.method === 'POST' && r.path === '/v1/accounts') return this.createAccount(params);
    if (r.method === 'GET' && (match = m(/^\/v1\/accounts\/([^/]+)$/))) {
      const a = this.accounts.get(match[1]!);
      return a ? { status: 200, body: { ...a } } : stripeError(404, 'invalid_request_error', `No such account: '${match[1]}'`, 'account');
    }
    if (r.method === 'POST' && r.path === '/v1/account_links') return this.createAccountLink(params);
    if (r.method === 'POST' && r.path === '/v1/refunds') return this.createRefund(params);
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`);
  }

  private publicSession(s: Json): Json {
    const { __payment_intent_data: _hidden, ...rest } = s;
    return rest;
  }

  private createCheckoutSession(p: Json): { status: number; body: Json } {
    const items = (p.line_items as Json[] | undefined) ?? [];
    if (p.mode !== 'payment') return stripeError(400, 'invalid_request_error', 'Missing required param: mode.', 'mode');
    if (items.length === 0) return stripeError(400, 'invalid_request_error', 'You must specify either `line_items` or `subscription_data`.', 'line_items');
    const priceData = (items[0]!.price_data ?? {}) as Json;
    const unitAmount = int(priceData.unit_amount);
    const quantity = int(items[0]!.quantity) ?? 1;
    if (unitAmount === null || typeof priceData.currency !== 'string')
      return stripeError(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data][unit_amount].', 'line_items');
    const created = now();
    const expiresAt = int(p.expires_at);
    if (expiresAt !== null && (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600))
      return stripeError(400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    const id = `cs_test_${token(58)}`;
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      created,
      currency: priceData.currency.toLowerCase(),
      customer: null,
      customer_email: p.customer_email ?? null,
      expires_at: expiresAt ?? created + 24 * 3600,
      livemode: false,
      metadata: p.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: p.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      __payment_intent_data: p.payment_intent_data ?? {},
    };
    this.checkoutSessions.set(id, session);
    return { status: 200, body: this.publicSession(session) };
  }

  private createAccount(p: Json): { status: number; body: Json } {
    if (p.type !== 'express') return stripeError(400, 'invalid_request_error', 'This fake only creates Express accounts.', 'type');
    const id = `acct_${token(16).toUpperCase()}`;
    const account: Json = {
      id,
      object: 'account',
      type: 'express',
      business_profile: p.business_profile ?? {},
      capabilities: Object.fromEntries(Object.keys((p.capabilities as Json | undefined) ?? {}).map((k) => [k, 'inactive'])),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      country: p.country ?? 'US',
      default_currency: 'usd',
      email: p.email ?? null,
      metadata: p.metadata ?? {},
      requirements: { currently_due: ['external_account', 'individual.dob.day', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
      created: now(),
    };
    this.accounts.set(id, account);
    return { status: 200, body: { ...account } };
  }

  private createAccountLink(p: Json): { status: number; body: Json } {
    const account = typeof p.account === 'string' ? p.account : '';
    if (!this.accounts.has(account)) return stripeError(400, 'invalid_request_error', `No such account: '${account}'`, 'account');
    for (const field of ['refresh_url', 'return_url', 'type'])
      if (typeof p[field] !== 'string') return stripeError(400, 'invalid_request_error', `Missing required param: ${field}.`, field);
    const created = now();
    return { status: 200, body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.com/setup/e/${account}/${token(12)}` } };
  }

  private createRefund(p: Json): { status: number; body: Json } {
    const piId = typeof p.payment_intent === 'string' ? p.payment_intent : '';
    const pi = this.paymentIntents.get(piId);
    if (!pi) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${piId}'`, 'payment_intent');
    const already = [...this.refunds.values()].filter((r) => r.payment_intent === piId).reduce((sum, r) => sum + (r.amount as number), 0);
    const amount = int(p.amount) ?? (pi.amount as number) - already;
    if (amount <= 0)
      return stripeError(400, 'invalid_request_error', `Charge ${pi.latest_charge as string} has already been refunded.`, undefined, 'charge_already_refunded');
    const refund: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: pi.latest_charge,
      created: now(),
      currency: pi.currency,
      metadata: p.metadata ?? {},
      payment_intent: piId,
      reason: p.reason ?? null,
      status: 'succeeded',
      transfer_reversal: bool(p.reverse_transfer) ? newId('trr') : null,
      source_transfer_reversal: null,
      __refund_application_fee: bool(p.refund_application_fee),
    };
    this.refunds.set(refund.id as string, refund);
    const { __refund_application_fee: _fee, ...body } = refund;
    return { status: 200, body };
  }
}

export type StripeEventJson = Json & { id: string; type: string; created: number; data: { object: Json } };

/** A Stripe event envelope around `object`, as the webhook endpoint receives it. */
export function stripeEvent(type: string, object: Json, opts: { account?: string; created?: number; id?: string } = {}): StripeEventJson {
  return {
    id: opts.id ?? newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: opts.created ?? now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(opts.account ? { account: opts.account } : {}),
  };
}

/** The Stripe-Signature header for `payload`, made by the library's own test helper. */
export function signStripePayload(payload: string, secret: string, timestamp = now()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
