import { Link } from 'react-router';
import { BOOKING_DEFAULTS, REQUEST_RESPONSE_HOURS } from '../../../shared/booking-rules.ts';
import { PLATFORM_FEE_CAP_CENTS, PLATFORM_FEE_PERCENT } from '../../../shared/payments.ts';
import { SUPPORT_EMAIL } from '../../../shared/site-pages.ts';
import { LegalPage, LegalSection, TEXT_LINK } from './legal-parts.tsx';

// The booking and deposit rules here are the ones the app enforces (src/shared/booking-rules.ts);
// the figures come from the same constants.

const TOC = [
  { id: 'what-inkhaven-is', label: 'What Inkhaven is' },
  { id: 'accounts', label: 'Your account' },
  { id: 'booking', label: 'Requests and bookings' },
  { id: 'deposits', label: 'Deposits, cancellations and rescheduling' },
  { id: 'artists', label: 'If you are an artist' },
  { id: 'reviews', label: 'Reviews and what you upload' },
  { id: 'conduct', label: 'Fair use' },
  { id: 'availability', label: 'The service itself' },
  { id: 'changes', label: 'Changes and contact' },
];

const feeCap = (PLATFORM_FEE_CAP_CENTS / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of use"
      lead={
        <p>
          These terms apply when you use Inkhaven, as a visitor, a client or an artist. They are written to match how the app works; where a
          rule is enforced by the app, it is described here as it is enforced.
        </p>
      }
      toc={TOC}
    >
      <LegalSection id="what-inkhaven-is" title="What Inkhaven is">
        <p>
          Inkhaven helps you find tattoo and piercing artists, request appointments and pay deposits. The artists are independent: the
          appointment, the design, the work itself and its aftercare are agreed between you and the artist, who is responsible for them.
          Inkhaven is not a party to that work.
        </p>
        <p>
          The guides on this site are general information, not medical advice. If a tattoo or piercing does not heal as it should, contact your
          artist and a doctor.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="Your account">
        <ul>
          <li>Give your real first name and an email address you can read; one account per person.</li>
          <li>Keep your password to yourself. Tell us at once if you think someone else has used your account.</li>
          <li>
            Tattoos are for adults: artists may ask for photo ID at the appointment and turn away anyone who cannot show they are old enough
            under local law.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="booking" title="Requests and bookings">
        <ul>
          <li>
            A request is not an appointment until the artist accepts it. A request the artist does not answer within {REQUEST_RESPONSE_HOURS}{' '}
            hours, or before its start time, expires.
          </li>
          <li>Some artists accept consultations or flash designs automatically, without a separate answer.</li>
          <li>
            When a deposit is asked for, the booking is confirmed once it is paid. If it is not paid by the time shown on the booking, the hold on
            the time ends so that others can book it.
          </li>
          <li>
            The artist&apos;s policy (deposit, notice period and how often you may reschedule) is shown before you send the request, and the
            version you accept is saved with your booking: later changes by the artist do not alter it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="deposits" title="Deposits, cancellations and rescheduling">
        <ul>
          <li>Deposits are set by the artist, typically 100 to 500 USD, and are credited to the final price of your session.</li>
          <li>
            Each artist sets a notice period of 48 to 72 hours ({BOOKING_DEFAULTS.noticeHours} unless their profile says otherwise). Cancel
            earlier than that and a paid deposit is refunded; cancel later, or miss the appointment, and the artist keeps it.
          </li>
          <li>If the artist cancels, a paid deposit is refunded in full.</li>
          <li>
            You may reschedule to a time at least the notice period away, as often as the artist&apos;s policy allows (usually{' '}
            {BOOKING_DEFAULTS.maxReschedules} times). Your deposit moves to the new time; you never pay it twice.
          </li>
          <li>
            Card payments are processed by Stripe; refunds go back to the card used. Deposits paid at the studio are refunded by the artist,
            and the booking records it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="artists" title="If you are an artist">
        <ul>
          <li>Your profile, prices and portfolio must be your own and accurate. Only show work you made.</li>
          <li>Answer requests, keep your working hours and days off up to date, and honour the bookings you accept.</li>
          <li>
            Mark each appointment completed or a no-show after it ends. One left unmarked for 72 hours is completed automatically, so the client
            can review it.
          </li>
          <li>
            When you take deposits by card, Stripe pays them out to your connected account. Inkhaven keeps a fee of {PLATFORM_FEE_PERCENT}% of
            each card deposit, at most {feeCap}; when a deposit is refunded, the fee is refunded too. Deposits you take at the studio carry no
            fee.
          </li>
          <li>You follow the health, safety and age rules of the place where you work.</li>
        </ul>
      </LegalSection>

      <LegalSection id="reviews" title="Reviews and what you upload">
        <ul>
          <li>Only a client whose booking was completed can review it, once. Reviews must be honest and about that booking.</li>
          <li>
            You keep the rights to the photos and text you upload. You allow Inkhaven to store them, resize them and show them on the site where
            you put them (your profile, a booking, a review).
          </li>
          <li>Do not upload anything you have no right to share, or photos of other people without their permission.</li>
        </ul>
      </LegalSection>

      <LegalSection id="conduct" title="Fair use">
        <p>
          Do not harass anyone, post hateful or unlawful content, impersonate someone, or try to break, overload or get around the limits of
          the service. We may remove content or close accounts that do, and we act first on anything that concerns someone&apos;s safety.
        </p>
      </LegalSection>

      <LegalSection id="availability" title="The service itself">
        <p>
          We work to keep Inkhaven available and correct, but it may be interrupted, and some features described on the site are marked as not
          available yet. Nothing in these terms limits rights you have under the consumer law of the place where you live.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes and contact">
        <p>
          When these terms change, the date at the top of this page changes; bookings already made keep the policy accepted with them. How we
          handle your data is described on the{' '}
          <Link to="/privacy" className={TEXT_LINK}>
            privacy page
          </Link>
          . Questions go to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={TEXT_LINK}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
