import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../shared/site-pages.ts';
import { forgetConsent, useConsentValue } from '../../lib/analytics/consent.ts';
import { Button } from '../../ui/button.tsx';
import { LegalPage, LegalSection, TEXT_LINK } from './legal-parts.tsx';

// Everything on this page is what the code stores today (src/server/db/schema, the analytics
// tracker, the access log). When that changes, this page changes in the same commit.

const TOC = [
  { id: 'account', label: 'Your account and signing in' },
  { id: 'bookings', label: 'Bookings, photos and reviews' },
  { id: 'artists', label: 'Artist profiles' },
  { id: 'payments', label: 'Deposits and payments' },
  { id: 'messages-from-us', label: 'Notifications and email' },
  { id: 'analytics', label: 'Usage analytics, only if you allow them' },
  { id: 'errors-and-logs', label: 'Error reports and server logs' },
  { id: 'device', label: 'What stays on your device' },
  { id: 'sharing', label: 'Who can see what' },
  { id: 'retention', label: 'How long we keep it' },
  { id: 'your-rights', label: 'Seeing, correcting and deleting your data' },
];

/** Shows and resets the analytics answer stored on this device (the consent bar then asks again). */
function AnalyticsChoice() {
  const consent = useConsentValue();
  const said =
    consent === 'accepted'
      ? 'On this device you allowed analytics.'
      : consent === 'declined'
        ? 'On this device you said no to analytics: nothing is sent.'
        : consent === null
          ? 'You have not answered on this device yet: nothing is sent until you allow it.'
          : null;
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <p aria-live="polite">{said ?? 'Your answer is stored on this device.'}</p>
      {consent === 'accepted' || consent === 'declined' ? (
        <Button variant="secondary" className="mt-3" onClick={forgetConsent}>
          Change my analytics choice
        </Button>
      ) : null}
    </div>
  );
}

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy"
      lead={
        <>
          <p>
            This page lists what Inkhaven stores about you, why, who can see it and how long it is kept. It describes what the app does today, not
            plans.
          </p>
          <p>We do not sell data, we do not show ads, and we use no third-party trackers.</p>
        </>
      }
      toc={TOC}
    >
      <LegalSection id="account" title="Your account and signing in">
        <ul>
          <li>
            <strong>Account:</strong> your first name and email address. Your password is stored only as a salted hash, never as the password itself.
            If you sign in with single sign-on, we keep the provider&apos;s account id and the tokens it gives us for that sign-in.
          </li>
          <li>
            <strong>Sessions:</strong> when you sign in, your browser gets a session cookie and we store the session with the network address and
            the browser name it started from. A session lasts 30 days after you last used the app; signing out ends it.
          </li>
          <li>
            <strong>Failed sign-ins:</strong> the email address typed and the network it came from, kept for at most a day, to slow down password
            guessing.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="bookings" title="Bookings, photos and reviews">
        <ul>
          <li>
            <strong>Booking requests:</strong> the artist, service and time you chose, your time zone, your idea, placement, size and colour
            choice, whether you want to meet in person or by video, and the deposit and cancellation policy you accepted, with the time you
            accepted it.
          </li>
          <li>
            <strong>History:</strong> every change to a booking (requested, accepted, paid, rescheduled, cancelled, completed, no-show), who made
            it and when, and the notes and reasons written with it.
          </li>
          <li>
            <strong>Photos you attach:</strong> reference and placement photos are re-encoded when they arrive. Their hidden metadata (EXIF,
            including the GPS location and the camera details) is removed; the original file is not kept.
          </li>
          <li>
            <strong>Waiting lists:</strong> the artist, the dates you would like and your note.
          </li>
          <li>
            <strong>Reviews</strong> are public: your rating, headline and text, your first name, and the optional location, highlight and
            pros and cons you add. The artist&apos;s reply is public too.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="artists" title="Artist profiles">
        <p>
          What an artist puts on their profile is public: name, bio, styles, city and studio, Instagram handle, services and prices, working
          hours, guest spots and the portfolio and flash images they upload (re-encoded, with their metadata removed). The location of the
          artist&apos;s city or studio is used to sort search results by distance.
        </p>
        <p>
          Private to the artist: booking settings, unfinished onboarding answers, the private address of their calendar feed and, once they set
          up card payments, the id of their Stripe account.
        </p>
      </LegalSection>

      <LegalSection id="payments" title="Deposits and payments">
        <p>
          When the artist takes card payments, you pay the deposit on Stripe&apos;s checkout page. We send Stripe the amount, a description naming
          the service and the artist, the booking&apos;s id and your email address. Your card details go to Stripe only: Inkhaven never sees or
          stores a card number. Stripe&apos;s own privacy policy covers what you give Stripe.
        </p>
        <p>
          We keep one record for every deposit payment, refund or forfeit: amount, currency, whether it was paid by card or at the studio, and
          Stripe&apos;s reference. Artists who set up payouts create a Stripe Express account; we send Stripe their email address, display name
          and country.
        </p>
        <p>When the artist takes the deposit at the studio, no card payment passes through Inkhaven; the artist records that it was paid.</p>
      </LegalSection>

      <LegalSection id="messages-from-us" title="Notifications and email">
        <p>
          Updates about your bookings appear as notifications in the app, kept until you delete them, and are sent by email. We keep a copy of
          every email the app sends (address, subject and text). When the site has no mail server set up, emails are not sent and stay in that
          outbox, where administrators can read them.
        </p>
      </LegalSection>

      <LegalSection id="analytics" title="Usage analytics, only if you allow them">
        <p>
          The first time you visit, a bar at the bottom of the page asks whether we may record how the site is used. Until you choose
          &quot;Allow analytics&quot;, nothing is recorded; &quot;No thanks&quot; keeps it that way. Your answer is kept in your browser, not in
          your account, so each browser asks once.
        </p>
        <p>If you allow them, we record:</p>
        <ul>
          <li>the pages you open, the page you came from and the search words in their addresses, how far you scroll and how long you stay;</li>
          <li>where you click, what you clicked on and up to 100 characters of its text, and which buttons you press on the way to a booking;</li>
          <li>a random id for your visit and, if you are signed in, your account id;</li>
          <li>
            a device fingerprint: two keyed hashes of your browser, screen size, time zone, language and platform that cannot be turned back into
            those details. One of them also mixes in your network address with a random key that changes every day and is then deleted, so it
            cannot be matched from one day to the next; your network address itself is never stored;
          </li>
          <li>how fast pages load and respond for you (the Core Web Vitals: loading, responsiveness, layout shifts and server response time);</li>
          <li>whether you opened a gallery, shared a page, and how far you got with a booking.</li>
        </ul>
        <p>
          What you type into forms is never sent. The figures are used to find what is confusing or slow and fix it. You can stop analytics at any
          time with &quot;Turn off analytics&quot; at the bottom of every page, or below: from then on nothing more is sent.
        </p>
        <AnalyticsChoice />
      </LegalSection>

      <LegalSection id="errors-and-logs" title="Error reports and server logs">
        <p>
          When a page breaks, the app sends us the error, the technical details of where it happened, the page address, your browser name, the
          time and, if you are signed in, your account id. This happens whatever your analytics choice: it is how we find and fix faults.
        </p>
        <p>
          Our server writes a line for every request: its method and address, the network address it came from and how it was answered.
          Passwords, tokens, email addresses and your position from &quot;Near me&quot; are replaced with [redacted] before the line is
          written. How long these logs are kept depends on where Inkhaven is hosted.
        </p>
      </LegalSection>

      <LegalSection id="device" title="What stays on your device">
        <ul>
          <li>Cookies: the session cookie while you are signed in, and a security cookie that protects forms (both unreadable by scripts).</li>
          <li>Local storage: your analytics answer, and whether you installed the app or dismissed the offer to install it.</li>
          <li>Session storage (cleared when you close the tab): the booking you are filling in, and the analytics visit id if you allowed analytics.</li>
          <li>The app&apos;s offline copy of the pages and data you have seen, so they open without a connection.</li>
        </ul>
        <p>
          &quot;Near me&quot; asks your browser for your position only when you press it, and uses it for that search; it is not saved in your
          account. Clearing this site&apos;s data in your browser removes everything listed here.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title="Who can see what">
        <ul>
          <li>
            An artist you send a request to sees your first name, your request and its photos, and how many earlier appointments on Inkhaven you
            missed. They do not see your email address.
          </li>
          <li>You see the artist&apos;s profile, your bookings with them and their notes.</li>
          <li>Everyone can read artist profiles and reviews.</li>
          <li>Inkhaven&apos;s administrators can read what is stored, to run the service and answer support requests.</li>
          <li>Stripe receives what is listed under deposits and payments, and only when card payments are used.</li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep it">
        <ul>
          <li>Your account, profile, bookings, reviews and payment records: until the account is deleted.</li>
          <li>Sessions: 30 days after you last used the app, or until you sign out.</li>
          <li>Failed sign-ins: one day.</li>
          <li>Notifications: until you delete them.</li>
          <li>
            Analytics records (pages, clicks, visits, page speed): deleted automatically after 90 days, unless the site&apos;s operator chose another
            period. Only daily totals that name no visitor are kept longer.
          </li>
          <li>Error reports and the email outbox: there is no automatic deletion yet; administrators remove them.</li>
        </ul>
      </LegalSection>

      <LegalSection id="your-rights" title="Seeing, correcting and deleting your data">
        <p>
          Artists can change their profile, services, portfolio and settings from their dashboard at any time. There is no self-service download
          or account deletion in the app yet: write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={TEXT_LINK}>
            {SUPPORT_EMAIL}
          </a>{' '}
          from the email address of your account to get a copy of your data, correct it or delete your account, and an administrator will do it.
        </p>
        <p>
          Questions about this page go to the same address. See also the{' '}
          <Link to="/terms" className={TEXT_LINK}>
            terms of use
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
