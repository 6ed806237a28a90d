/**
 * The words of every booking message, as e-mail (plain text + simple HTML) and as an in-app notice.
 * Pure functions: the job handlers load the facts, these only phrase them. Times are shown in the
 * reader's zone (the client's zone from the booking, the artist's own zone) with the zone named.
 */

import type { TPaymentIssueReason, TPaymentIssueStatus } from '../../shared/contracts/admin.ts';

export type NoticeType = 'booking' | 'message' | 'payment' | 'reminder' | 'review';
export type RecipientRole = 'client' | 'artist';

export type Recipient = { userId: string; name: string; email: string; timezone: string; role: RecipientRole };

export type BookingFacts = {
  id: string;
  serviceName: string;
  artistName: string;
  clientName: string;
  startsAt: Date;
  depositCents: number;
  currency: string;
  depositDueAt: Date | null;
  respondBy: Date | null;
  depositMethod: 'stripe' | 'studio';
  depositInstructions: string;
  depositStatus: string;
  artistMessage: string | null;
  cancelReason: string | null;
  instant: boolean;
  status: string;
};

export type Rendered = {
  subject: string;
  text: string;
  html: string;
  notice: { type: NoticeType; title: string; message: string; actionLabel: string };
};

export type Links = { booking: string; reviews: string };

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone and style, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string, style: 'when' | 'day'): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      style === 'when'
        ? new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
        : new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "Wed, Nov 25, 2026, 4:00 PM EST (New York time)"; a zone without a place (UTC) is named once, by the time itself. */
export function formatWhen(at: Date, timeZone: string): string {
  const when = formatterFor(timeZone, 'when').format(at);
  const place = timeZone.includes('/') && !timeZone.startsWith('Etc/') ? timeZone.split('/').pop()!.replace(/_/g, ' ') : null;
  return place ? `${when} (${place} time)` : when;
}

export function formatDay(at: Date, timeZone: string): string {
  return formatterFor(timeZone, 'day').format(at);
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

type Draft = {
  subject: string;
  /** Paragraphs; a quoted message from the other person is kept apart from our own words. */
  lines: string[];
  quote?: { who: string; text: string } | null;
  cta: { label: string; url: string };
  notice: { type: NoticeType; title: string; message: string };
};

function render(to: Recipient, d: Draft): Rendered {
  const greeting = `Hi ${firstName(to.name)},`;
  const quoteText = d.quote ? [`${d.quote.who} wrote:`, ...d.quote.text.split('\n').map((l) => `> ${l}`)].join('\n') : null;
  const text = [greeting, ...d.lines, ...(quoteText ? [quoteText] : []), `${d.cta.label}: ${d.cta.url}`, '— Inkhaven'].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1917;max-width:560px">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...d.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    d.quote
      ? `<p>${escapeHtml(d.quote.who)} wrote:</p><blockquote style="border-left:3px solid #d6d3d1;margin:0;padding-left:12px">${escapeHtml(d.quote.text).replace(/\n/g, '<br>')}</blockquote>`
      : '',
    `<p><a href="${escapeHtml(d.cta.url)}" style="display:inline-block;background:#1c1917;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(d.cta.label)}</a></p>`,
    '<p style="color:#78716c">— Inkhaven</p>',
    '</body></html>',
  ].join('');
  return { subject: d.subject, text, html, notice: { ...d.notice, actionLabel: d.cta.label } };
}

const other = (b: BookingFacts, to: Recipient) => (to.role === 'client' ? b.artistName : b.clientName);
const what = (b: BookingFacts, to: Recipient) => `${b.serviceName} ${to.role === 'client' ? 'with' : 'for'} ${other(b, to)}`;
const deposit = (b: BookingFacts) => formatAmount(b.depositCents, b.currency);
const viewBooking = (links: Links) => ({ label: 'View booking', url: links.booking });

/** created: the artist hears of a request (or, for an instant booking, both people of the booking). */
export function bookingCreated(b: BookingFacts, to: Recipient, links: Links): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  if (to.role === 'artist') {
    if (b.instant)
      return render(to, {
        subject: `New booking: ${b.clientName}, ${when}`,
        lines: [`${b.clientName} booked ${b.serviceName} on ${when}. It was booked instantly under your settings.`],
        cta: viewBooking(links),
        notice: { type: 'booking', title: 'New booking', message: `${b.clientName} booked ${b.serviceName} on ${when}.` },
      });
    return render(to, {
      subject: `New booking request from ${b.clientName}`,
      lines: [
        `${b.clientName} asked for ${b.serviceName} on ${when}.`,
        b.respondBy ? `Please accept or decline by ${formatWhen(b.respondBy, to.timezone)}; after that the request expires.` : 'Please accept or decline it.',
      ],
      cta: { label: 'Answer the request', url: links.booking },
      notice: { type: 'booking', title: 'New booking request', message: `${b.clientName} asked for ${b.serviceName} on ${when}.` },
    });
  }
  const lines = [`Your booking of ${b.serviceName} with ${b.artistName} on ${when} is in.`];
  if (b.status === 'awaiting_deposit' && b.depositDueAt) lines.push(depositLine(b, to));
  else if (b.status === 'confirmed') lines.push('It is confirmed; see you there.');
  return render(to, {
    subject: `Booked: ${b.serviceName} with ${b.artistName}, ${when}`,
    lines,
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Booking made', message: `${b.serviceName} with ${b.artistName} on ${when}.` },
  });
}

function depositLine(b: BookingFacts, to: Recipient): string {
  const by = b.depositDueAt ? formatWhen(b.depositDueAt, to.timezone) : 'the deadline';
  const how =
    b.depositMethod === 'stripe'
      ? 'Pay it online from the booking page.'
      : `Pay it at the studio${b.depositInstructions ? `: ${b.depositInstructions}` : '.'}`;
  return `Please pay the ${deposit(b)} deposit by ${by}, or the time is released. ${how}`;
}

/** accepted / deposit_due: the client is asked for the deposit. */
export function bookingAccepted(b: BookingFacts, to: Recipient, links: Links, message: string | null): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  const due = b.depositDueAt && b.depositStatus === 'due';
  return render(to, {
    subject: due ? `Your booking was accepted — pay the deposit by ${formatWhen(b.depositDueAt!, to.timezone)}` : `Your booking was accepted: ${b.serviceName}, ${when}`,
    lines: [`${b.artistName} accepted your booking of ${b.serviceName} on ${when}.`, ...(due ? [depositLine(b, to)] : [])],
    quote: message ? { who: b.artistName, text: message } : null,
    cta: { label: due ? 'Pay the deposit' : 'View booking', url: links.booking },
    notice: {
      type: due ? 'payment' : 'booking',
      title: 'Booking accepted',
      message: due ? `${b.artistName} accepted. Pay the ${deposit(b)} deposit by ${formatWhen(b.depositDueAt!, to.timezone)}.` : `${b.artistName} accepted your booking on ${when}.`,
    },
  });
}

/** deposit_paid / confirmed: both people hear the booking is secured. */
export function bookingConfirmed(b: BookingFacts, to: Recipient, links: Links): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  const paid = b.depositStatus === 'paid' && b.depositCents > 0;
  const paidLine = paid ? (to.role === 'client' ? `Your ${deposit(b)} deposit was received.` : `${b.clientName}'s ${deposit(b)} deposit was received.`) : null;
  return render(to, {
    subject: `Confirmed: ${what(b, to)}, ${when}`,
    lines: [`${b.serviceName} ${to.role === 'client' ? `with ${b.artistName}` : `for ${b.clientName}`} on ${when} is confirmed.`, ...(paidLine ? [paidLine] : [])],
    cta: viewBooking(links),
    notice: { type: paid ? 'payment' : 'booking', title: 'Booking confirmed', message: `${what(b, to)} on ${when}.${paidLine ? ` ${paidLine}` : ''}` },
  });
}

export function bookingDeclined(b: BookingFacts, to: Recipient, links: Links, message: string | null): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  return render(to, {
    subject: `${b.artistName} declined your request`,
    lines: [`${b.artistName} cannot take your request for ${b.serviceName} on ${when}.`, 'You can pick another time or another artist.'],
    quote: message ? { who: b.artistName, text: message } : null,
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Request declined', message: message ? `${b.artistName}: ${message}` : `${b.artistName} declined your request for ${when}.` },
  });
}

export function bookingRescheduled(b: BookingFacts, to: Recipient, links: Links, previousStartsAt: Date | null, actorName: string, message: string | null): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  return render(to, {
    subject: `Moved: ${what(b, to)}, now ${when}`,
    lines: [`${actorName} moved ${b.serviceName} to ${when}.`, ...(previousStartsAt ? [`It was on ${formatWhen(previousStartsAt, to.timezone)}.`] : [])],
    quote: message ? { who: actorName, text: message } : null,
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Booking moved', message: `${what(b, to)} is now on ${when}.` },
  });
}

function depositOutcome(b: BookingFacts, to: Recipient): string | null {
  if (b.depositCents <= 0) return null;
  const yours = to.role === 'client' ? 'Your' : 'The';
  switch (b.depositStatus) {
    case 'refunded':
      // A deposit paid at the studio cannot be refunded by Inkhaven: the artist hands it back.
      return b.depositMethod === 'studio'
        ? `${yours} ${deposit(b)} deposit is refunded in full; it was paid at the studio, so the artist returns it in person.`
        : `${yours} ${deposit(b)} deposit is refunded in full to the card that paid it.`;
    case 'forfeited':
      return `${yours} ${deposit(b)} deposit is kept under the cancellation policy (the cancellation came inside the notice period).`;
    case 'paid':
      return `${yours} ${deposit(b)} deposit will be refunded.`;
    case 'due':
      // Asked for but never paid: say so, or a client may wonder whether money is owed or lost.
      return `The ${deposit(b)} deposit was never paid, so nothing was charged.`;
    default:
      return null;
  }
}

export function bookingCancelled(b: BookingFacts, to: Recipient, links: Links, actorName: string, reason: string | null): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  const outcome = depositOutcome(b, to);
  return render(to, {
    subject: `Cancelled: ${what(b, to)}, ${when}`,
    lines: [`${actorName} cancelled ${b.serviceName} on ${when}.`, ...(outcome ? [outcome] : [])],
    quote: reason ? { who: actorName, text: reason } : null,
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Booking cancelled', message: `${what(b, to)} on ${when} was cancelled.${outcome ? ` ${outcome}` : ''}` },
  });
}

export function bookingCompleted(b: BookingFacts, to: Recipient, links: Links): Rendered {
  return render(to, {
    subject: `How was your session with ${b.artistName}? Leave a review`,
    lines: [`Thanks for visiting ${b.artistName}. A short review helps other clients choose, and it shows as a Verified Booking.`],
    cta: { label: 'Leave a review', url: links.reviews },
    notice: { type: 'review', title: 'Leave a review', message: `How was ${b.serviceName} with ${b.artistName}?` },
  });
}

/** One message of an aftercare plan (features/aftercare): the step's advice and a link to tell the artist how it heals. */
export function aftercareStep(
  b: BookingFacts,
  to: Recipient,
  step: { kind: 'routine' | 'phase' | 'check' | 'healed'; title: string; summary: string; items: string[] },
  checkInUrl: string,
): Rendered {
  const healed = step.kind === 'healed';
  return render(to, {
    subject: healed ? `${step.title}: share the healed result with ${b.artistName}` : `Aftercare: ${step.title}`,
    lines: [
      `${step.summary}`,
      ...step.items.map((item) => `• ${item}`),
      healed
        ? `A photo of the healed result helps ${b.artistName} and other clients: add it to your review as a healed follow-up.`
        : `How is it healing? Tell ${b.artistName} in a quick check-in, with photos if you like.`,
    ],
    cta: { label: healed ? 'Share the healed result' : 'How is it healing?', url: checkInUrl },
    notice: { type: 'reminder', title: step.title, message: healed ? `Share a healed photo of ${b.serviceName} with ${b.artistName}.` : step.summary },
  });
}

export function bookingNoShow(b: BookingFacts, to: Recipient, links: Links): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  return render(to, {
    subject: `Missed appointment: ${b.serviceName}, ${when}`,
    lines: [`${b.artistName} marked the appointment on ${when} as missed. If that is a mistake, reply to them from the booking page.`],
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Marked as missed', message: `${b.artistName} marked ${when} as a no-show.` },
  });
}

/** expired: both people; `was` is the status the booking expired from. */
export function bookingExpired(b: BookingFacts, to: Recipient, links: Links, was: string | null): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  const unpaid = was === 'awaiting_deposit' || was === 'accepted';
  const why = unpaid
    ? `The deposit was not paid in time, so ${when} was released.`
    : `The request was not answered in time, so it expired.`;
  return render(to, {
    subject: `Expired: ${what(b, to)}, ${when}`,
    lines: [why, to.role === 'client' ? 'You are welcome to book again.' : 'Nothing else is needed from you.'],
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Booking expired', message: `${what(b, to)} on ${when}: ${unpaid ? 'deposit not paid in time' : 'request not answered in time'}.` },
  });
}

export function depositRefunded(b: BookingFacts, to: Recipient, links: Links, method: string | null): Rendered {
  const how = method === 'studio' ? `${b.artistName} returns it to you directly.` : 'It goes back to the card you paid with; banks take 5–10 days to show it.';
  return render(to, {
    subject: `Deposit refunded: ${deposit(b)}`,
    lines: [`Your ${deposit(b)} deposit for ${b.serviceName} with ${b.artistName} is refunded.`, how],
    cta: viewBooking(links),
    notice: { type: 'payment', title: 'Deposit refunded', message: `${deposit(b)} for ${b.serviceName} with ${b.artistName}.` },
  });
}

export function depositForfeited(b: BookingFacts, to: Recipient, links: Links): Rendered {
  return render(to, {
    subject: `Deposit kept: ${deposit(b)}`,
    lines: [`Your ${deposit(b)} deposit for ${b.serviceName} with ${b.artistName} is kept under the booking policy you accepted (late cancellation).`],
    cta: viewBooking(links),
    notice: { type: 'payment', title: 'Deposit kept', message: `${deposit(b)} for ${b.serviceName} with ${b.artistName}, under the cancellation policy.` },
  });
}

export function bookingReminder(b: BookingFacts, to: Recipient, links: Links): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  return render(to, {
    subject: `Reminder: ${what(b, to)}, ${when}`,
    lines: [
      `A reminder: ${b.serviceName} ${to.role === 'client' ? `with ${b.artistName}` : `for ${b.clientName}`} is on ${when}.`,
      ...(to.role === 'client' ? ['Eat beforehand, bring ID, and wear clothes that leave the area free.'] : []),
    ],
    cta: viewBooking(links),
    notice: { type: 'reminder', title: 'Appointment tomorrow', message: `${what(b, to)} on ${when}.` },
  });
}

/** The consent form of a session is unsigned 48 h or 2 h before it (issue 13): the client is asked to sign. */
export function consentReminder(b: BookingFacts, to: Recipient, formUrl: string): Rendered {
  const when = formatWhen(b.startsAt, to.timezone);
  return render(to, {
    subject: `Please sign your consent form: ${b.serviceName} with ${b.artistName}`,
    lines: [
      `Your ${b.serviceName} with ${b.artistName} is on ${when}, and the consent form is not signed yet.`,
      'It takes a few minutes: a short health questionnaire, your date of birth and your signature. The artist needs it before they can start.',
    ],
    cta: { label: 'Sign the consent form', url: formUrl },
    notice: { type: 'reminder', title: 'Consent form not signed', message: `Sign it before ${b.serviceName} with ${b.artistName} on ${when}.` },
  });
}

export function bookingCompletionDue(b: BookingFacts, to: Recipient, links: Links, autoCompletesAt: Date): Rendered {
  const by = formatWhen(autoCompletesAt, to.timezone);
  return render(to, {
    subject: `How did it go? ${what(b, to)}`,
    lines: [
      `${b.serviceName} for ${b.clientName} has ended. Mark it completed, or a no-show if ${b.clientName} did not come.`,
      `If it is not marked by ${by}, it is completed automatically and ${b.clientName} is invited to leave a review.`,
    ],
    cta: viewBooking(links),
    notice: { type: 'booking', title: 'Mark the appointment completed', message: `${what(b, to)}: completed or a no-show? It completes by itself on ${by}.` },
  });
}

export function waitlistSlotFreed(args: { artistName: string; startsAt: Date; artistTimezone: string; bookUrl: string }, to: Recipient): Rendered {
  const day = formatDay(args.startsAt, args.artistTimezone);
  const when = formatWhen(args.startsAt, to.timezone);
  return render(to, {
    subject: `A time opened with ${args.artistName} on ${day}`,
    lines: [`A booked time with ${args.artistName} was released: ${when}. You are on their waitlist for that day, so you hear first.`, 'Times go to whoever books first.'],
    cta: { label: 'See open times', url: args.bookUrl },
    notice: { type: 'booking', title: 'A time opened up', message: `${args.artistName} has a free time on ${day}.` },
  });
}

/** Messages still unread 15 minutes after they were sent (at most one such mail per conversation an hour). */
export function unreadMessages(args: { fromName: string; count: number; latestText: string; threadUrl: string }, to: Recipient): Rendered {
  const some = args.count === 1 ? 'a message' : `${args.count} messages`;
  return render(to, {
    subject: `${args.fromName} sent you ${some} on Inkhaven`,
    lines: [`You have ${some} from ${args.fromName} you have not read yet.`, 'You can turn these e-mails off in your account settings.'],
    quote: args.latestText ? { who: args.fromName, text: args.latestText } : null,
    cta: { label: 'Read and reply', url: args.threadUrl },
    notice: { type: 'message', title: `New message from ${args.fromName}`, message: args.latestText || `${args.fromName} sent a photo.` },
  });
}

export type PaymentIssueFacts = {
  bookingId: string;
  reason: TPaymentIssueReason;
  status: TPaymentIssueStatus;
  expectedCents: number;
  expectedCurrency: string;
  receivedCents: number;
  receivedCurrency: string;
  paymentIntentId: string;
  refundId: string | null;
  detail: string | null;
};

/** To every admin: a card payment was not the deposit it was for, and what became of it. */
export function paymentIssueForAdmins(issue: PaymentIssueFacts, adminUrl: string): { subject: string; text: string } {
  const expected = formatAmount(issue.expectedCents, issue.expectedCurrency);
  const received = formatAmount(issue.receivedCents, issue.receivedCurrency);
  const outcome =
    issue.status === 'refunded'
      ? `It was refunded through Stripe${issue.refundId ? ` (${issue.refundId})` : ''}.`
      : issue.status === 'needs_reconciliation'
        ? `Stripe could not refund it: ${issue.detail ?? 'no reason given'}. Refund or reconcile it from the Stripe dashboard.`
        : 'The refund is still on its way.';
  return {
    subject: `Deposit paid with the wrong ${issue.reason === 'currency_mismatch' ? 'currency' : 'amount'}: ${received} instead of ${expected}`,
    text: [
      `A card payment for booking ${issue.bookingId} was ${received}; its deposit is ${expected}. The booking was not confirmed by it.`,
      outcome,
      `Payment intent: ${issue.paymentIntentId}`,
      `Payment issues: ${adminUrl}`,
    ].join('\n\n'),
  };
}

export type LicenceFacts = { kindLabel: string; issuingPlace: string; expiresOn: string; pageUrl: string };
const licenceDay = (expiresOn: string) => formatDay(new Date(`${expiresOn}T12:00:00Z`), 'UTC');

/** 30 and 7 days before an approved licence or permit runs out: renew it, or the verified badge goes. */
export function licenceExpiring(l: LicenceFacts, to: Recipient): Rendered {
  const day = licenceDay(l.expiresOn);
  return render(to, {
    subject: `Your ${l.kindLabel.toLowerCase()} expires on ${day}`,
    lines: [
      `Your ${l.kindLabel.toLowerCase()} from ${l.issuingPlace} is valid until ${day}.`,
      'Upload the renewed document before then: when it runs out, the Verified badge leaves your profile until the team approves a current one.',
    ],
    cta: { label: 'Upload the renewal', url: l.pageUrl },
    notice: { type: 'reminder', title: `${l.kindLabel} expires ${day}`, message: 'Upload the renewed document to keep your Verified badge.' },
  });
}

/** An admin's decision on an uploaded licence or permit, with the note (approval) or the reason (rejection). */
export function licenceDecided(l: LicenceFacts & { decision: 'approved' | 'rejected'; note: string | null }, to: Recipient): Rendered {
  const day = licenceDay(l.expiresOn);
  const kind = l.kindLabel.toLowerCase();
  const approved = l.decision === 'approved';
  return render(to, {
    subject: approved ? `Your ${kind} is approved: you are verified` : `Your ${kind} was not approved`,
    lines: approved
      ? [
          `The Inkhaven team approved your ${kind} from ${l.issuingPlace}, valid until ${day}. The Verified badge now shows on your profile.`,
          ...(l.note ? [`Note from the team: ${l.note}`] : []),
          'We will remind you 30 and 7 days before it expires.',
        ]
      : [`The Inkhaven team could not approve your ${kind} from ${l.issuingPlace}.`, `Reason: ${l.note ?? 'none given'}`, 'You can upload a corrected or current document at any time.'],
    cta: { label: approved ? 'See your verification' : 'Upload a document', url: l.pageUrl },
    notice: {
      type: 'reminder',
      title: approved ? `${l.kindLabel} approved` : `${l.kindLabel} not approved`,
      message: approved ? 'Your Verified badge now shows on your profile.' : `Reason: ${l.note ?? 'none given'}`,
    },
  });
}

/** The day after it ran out: the badge is gone (unless another current document keeps it). */
export function licenceExpired(l: LicenceFacts & { stillVerified: boolean }, to: Recipient): Rendered {
  const day = licenceDay(l.expiresOn);
  return render(to, {
    subject: `Your ${l.kindLabel.toLowerCase()} has expired`,
    lines: [
      `Your ${l.kindLabel.toLowerCase()} from ${l.issuingPlace} expired on ${day}.`,
      l.stillVerified
        ? 'Another current document keeps your Verified badge for now.'
        : 'The Verified badge has been removed from your profile. Upload the current document and it returns once the team approves it.',
    ],
    cta: { label: 'Upload the current document', url: l.pageUrl },
    notice: { type: 'reminder', title: `${l.kindLabel} expired`, message: l.stillVerified ? 'Another current document keeps your badge.' : 'Your Verified badge was removed until a current document is approved.' },
  });
}
