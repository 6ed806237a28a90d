import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_FAQ } from '../../../shared/features-meta.ts';
import { SUPPORT_REPORT_ANCHOR } from '../../../shared/problem-reference.ts';
import { ClosingCta, Faq, FeatureHero, Section } from './feature-parts.tsx';
import { ReportProblem } from './report-problem.tsx';

const CONTACT_OPTIONS: Array<{ title: string; text: string; link: { label: string; href: string; external?: boolean } }> = [
  {
    title: 'Email our support team',
    text: 'For account, payment and booking problems, and to report a safety concern. Include your booking or profile link so we can help faster.',
    link: { label: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}`, external: true },
  },
  {
    title: 'Your bookings',
    text: 'Each booking shows its time, where it takes place, the deposit and what to do next. Questions about your design or healing are best answered by your artist.',
    link: { label: 'Open your bookings', href: '/dashboard' },
  },
  {
    title: 'Healing questions',
    text: 'Timelines, cleaning routines, products to use and avoid, and the warning signs that need a doctor.',
    link: { label: 'Read the aftercare guide', href: '/aftercare-guides' },
  },
  {
    title: 'Choosing a style or piercing',
    text: 'Compare tattoo styles and piercing placements, then jump straight to artists who specialise in them.',
    link: { label: 'Explore tattoo styles', href: '/tattoo-styles' },
  },
];

export default function SupportPage() {
  return (
    <article>
      <FeatureHero
        eyebrow="Support"
        headline="How can we help?"
        lead="Answers about bookings, deposits, rescheduling and safety, and a direct line to our team when you need one."
        primary={{ label: 'Browse common questions', href: '#faq' }}
      />

      <Section id="contact" title="Contact options">
        <ul className="grid gap-5 sm:grid-cols-2">
          {CONTACT_OPTIONS.map((o) => (
            <li key={o.title} className="flex flex-col rounded-lg border border-stone-200 bg-white p-5">
              <h3 className="text-lg font-semibold text-stone-900">{o.title}</h3>
              <p className="mt-2 flex-1 text-stone-700">{o.text}</p>
              {o.link.external ? (
                <a href={o.link.href} className="mt-4 font-semibold text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800">
                  {o.link.label}
                </a>
              ) : (
                <Link to={o.link.href} className="mt-4 font-semibold text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4 hover:text-amber-800">
                  {o.link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-stone-700">We answer most emails within one business day; safety reports are handled first.</p>
      </Section>

      <Section id={SUPPORT_REPORT_ANCHOR} title="Report a problem">
        <p className="mb-6 max-w-2xl text-stone-700">Something on Inkhaven not working as it should? Tell us what happened and we will look into it. You do not need to be signed in.</p>
        <ReportProblem />
      </Section>

      <Section id="faq" title="Frequently asked questions" muted>
        <Faq items={SUPPORT_FAQ} />
      </Section>

      <Section id="safety" title="Safety first">
        <div className="max-w-3xl space-y-4 text-stone-700">
          <p>
            <strong className="text-stone-900">If you are in immediate danger or need urgent medical help, call your local emergency number first.</strong>
          </p>
          <p>
            Then tell us what happened at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4">
              {SUPPORT_EMAIL}
            </a>
            . Keep bookings and payments on Inkhaven: it keeps your contact details private and gives us the records we need to help you.
          </p>
          <p>
            Learn how verified badges, reviews from completed bookings and the deposit rules you accept protect you on the{' '}
            <Link to="/features/identity-safety" className="font-medium text-stone-900 underline decoration-amber-500 decoration-2 underline-offset-4">
              identity and safety page
            </Link>
            .
          </p>
        </div>
      </Section>

      <ClosingCta title="Ready to find your artist?" text="Search verified tattoo and piercing artists near you." cta={{ label: 'Browse artists', href: '/artists' }} />
    </article>
  );
}
