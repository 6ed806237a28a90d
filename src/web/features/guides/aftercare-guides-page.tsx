import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  AFTERCARE_FACTS,
  MEDICAL_WARNING_SIGNS,
  PIERCING_GUIDELINES,
  PRODUCTS_TO_AVOID,
  PRODUCTS_TO_USE,
  READER_SURVEY,
  TATTOO_TIMELINE,
  UNIVERSAL_PRINCIPLES,
} from '../../../shared/guides/aftercare.ts';
import { distributionRows, selectTestimonials } from '../../../shared/review-display.ts';
import { Button } from '../../ui/button.tsx';
import { aftercareTestimonialsOptions } from './aftercare-queries.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { StarRating } from '../../ui/star-rating.tsx';
import { Testimonial } from '../../ui/testimonial.tsx';
import { GuideHeader, GuideSection, InfoCard, OnThisPage } from './guide-parts.tsx';

const F = AFTERCARE_FACTS;

function Fact({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-lg bg-white/5 p-4 ring-1 ring-white/15">
      <dt className="text-sm text-stone-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white">{value}</dd>
    </div>
  );
}

function ProductList({ title, items, tone }: { title: string; items: Array<{ title: string; text: string }>; tone: 'use' | 'avoid' }) {
  return (
    <div className={`rounded-lg border p-5 ${tone === 'use' ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50'}`}>
      <h3 className={`text-xl font-semibold ${tone === 'use' ? 'text-green-900' : 'text-red-900'}`}>{title}</h3>
      <ul className="mt-4 space-y-3">
        {items.map((p) => (
          <li key={p.title} className="flex gap-3">
            <span aria-hidden="true" className={`mt-0.5 font-bold ${tone === 'use' ? 'text-green-800' : 'text-red-800'}`}>
              {tone === 'use' ? '✓' : '✕'}
            </span>
            <span>
              <strong className="text-stone-900">{p.title}.</strong> <span className="text-stone-700">{p.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Three real reviews about aftercare and healing (spec §2 aftercare page; grid rule: max 3, body over 50 characters). */
function AftercareTestimonials() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(aftercareTestimonialsOptions());
  if (isPending) return <div role="status" aria-label="Loading reviews" className="h-40 animate-pulse rounded-lg bg-stone-200" />;
  if (isError)
    return (
      <div role="alert" className="rounded-lg border border-stone-200 bg-white p-5 text-stone-800">
        <p>The reviews could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </div>
    );
  const shown = selectTestimonials(data.items);
  if (shown.length === 0) return <p className="text-stone-700">No client has written about aftercare in a review yet.</p>;
  return (
    <ul className="grid gap-5 md:grid-cols-3" aria-label="Reviews about aftercare">
      {shown.map((r) => (
        <Testimonial key={r.id} review={r} />
      ))}
    </ul>
  );
}

export default function AftercareGuidesPage() {
  return (
    <article>
      <GuideHeader
        eyebrow="Aftercare guide"
        title="Tattoo and piercing aftercare"
        lead="Simple, proven steps for the weeks after your appointment: how to clean, what to use, what to avoid and when to ask for help."
      >
        <dl className="mt-8 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact value={`${F.tattooHealingDays} days`} label="Tattoo surface healing" />
          <Fact value={F.salinePercent} label="Saline for piercings" />
          <Fact value={`${F.cleaningsPerDay.min}-${F.cleaningsPerDay.max}× a day`} label="Piercing cleaning" />
          <Fact value={`${F.seekCareAfterHours} hours`} label="Seek care if symptoms persist" />
        </dl>
      </GuideHeader>
      <OnThisPage
        links={[
          { href: '#general-principles', label: 'Principles' },
          { href: '#tattoo-aftercare', label: 'Tattoo aftercare' },
          { href: '#piercing-aftercare', label: 'Piercing aftercare' },
          { href: '#products-guide', label: 'Products' },
          { href: '#testimonials', label: 'Client reviews' },
          { href: '#reader-survey', label: 'Reader survey' },
          { href: '#when-to-get-help', label: 'When to get help' },
        ]}
      />

      <GuideSection id="general-principles" title="Four principles for any fresh tattoo or piercing">
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {UNIVERSAL_PRINCIPLES.map((p, i) => (
            <li key={p.title} className="rounded-lg border border-stone-200 bg-white p-5">
              <span aria-hidden="true" className="text-sm font-bold text-amber-800">0{i + 1}</span>
              <h3 className="mt-1 text-lg font-semibold text-stone-900">{p.title}</h3>
              <p className="mt-2 text-stone-700">{p.text}</p>
            </li>
          ))}
        </ol>
      </GuideSection>

      <GuideSection
        id="tattoo-aftercare"
        title="Tattoo aftercare, week by week"
        intro={<p>The surface of a tattoo heals in about {F.tattooHealingDays} days total, in three phases. Your artist's instructions come first if they differ.</p>}
        tone="muted"
      >
        <ol className="grid gap-5 lg:grid-cols-3">
          {TATTOO_TIMELINE.map((phase) => (
            <li key={phase.period} className="rounded-lg border border-stone-200 bg-white p-5">
              <p className="inline-block rounded-full bg-stone-900 px-3 py-1 text-sm font-semibold text-white">{phase.period}</p>
              <h3 className="mt-3 text-xl font-semibold text-stone-900">{phase.title}</h3>
              <p className="mt-2 text-stone-700">{phase.summary}</p>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-stone-700">
                {phase.steps.map((s) => <li key={s}>{s}</li>)}
              </ul>
            </li>
          ))}
        </ol>
        <p className="mt-6 font-medium text-stone-900">Total: {F.tattooHealingDays} days until the surface has healed. Deeper layers keep settling for a few months.</p>
      </GuideSection>

      <GuideSection
        id="piercing-aftercare"
        title="Piercing aftercare"
        intro={
          <p>
            Piercings heal from the outside in, taking from {F.piercingHealing.shortest} to {F.piercingHealing.longest} depending on the style (see{' '}
            <Link to="/piercing-styles" className="font-medium underline decoration-amber-500 decoration-2 underline-offset-4">
              healing times by piercing style
            </Link>
            ). Surface piercings settle in {F.surfaceHealing.initial} but need {F.surfaceHealing.full} to heal fully. A {F.piercingRoutineMinutes}-minute routine is
            all it takes.
          </p>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          {PIERCING_GUIDELINES.map((group) => (
            <InfoCard key={group.title} title={group.title}>
              <ul className="list-disc space-y-2 pl-5">
                {group.items.map((item) => <li key={item}>{item}</li>)}
              </ul>
            </InfoCard>
          ))}
        </div>
      </GuideSection>

      <GuideSection id="products-guide" title="Products to use and avoid" tone="muted">
        <div className="grid gap-6 lg:grid-cols-2">
          <ProductList title="Use" items={PRODUCTS_TO_USE} tone="use" />
          <ProductList title="Avoid" items={PRODUCTS_TO_AVOID} tone="avoid" />
        </div>
      </GuideSection>

      <GuideSection
        id="testimonials"
        title="What clients say about aftercare"
        intro={<p>From reviews of completed bookings on Inkhaven that talk about aftercare and healing.</p>}
      >
        <AftercareTestimonials />
      </GuideSection>

      <GuideSection
        id="reader-survey"
        title="What readers told us"
        intro={
          <p>
            {READER_SURVEY.source}: {READER_SURVEY.reviewCount.toLocaleString('en-US')} people who followed this guide answered “{READER_SURVEY.question}”
            These are self-reported survey answers, not medical evidence and not reviews of artists.
          </p>
        }
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="rounded-lg border border-stone-200 bg-white p-5">
            <h3 className="text-lg font-semibold text-stone-900">Helpfulness rating</h3>
            <div className="mt-3 flex items-center gap-3">
              <span className="text-4xl font-bold text-stone-900">{READER_SURVEY.ratingValue.toFixed(1)}</span>
              <StarRating value={READER_SURVEY.ratingValue} count={READER_SURVEY.reviewCount} countLabel="survey answers" showValue={false} size={20} />
            </div>
            <p className="mt-1 text-sm text-stone-600">{READER_SURVEY.reviewCount.toLocaleString('en-US')} survey answers</p>
            <ul className="mt-4 space-y-2">
              {distributionRows(READER_SURVEY.ratingDistribution).map((row) => (
                <li key={row.stars} className="flex items-center gap-3 text-sm">
                  <span className="w-14 shrink-0 text-stone-700">{row.stars} star{row.stars === 1 ? '' : 's'}</span>
                  <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-stone-200">
                    <span className="block h-full bg-amber-500" style={{ width: `${row.percent}%` }} />
                  </span>
                  <span className="w-24 shrink-0 text-right text-stone-700">
                    {row.count.toLocaleString('en-US')} ({row.percent}%)
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <dl className="grid content-start gap-4 sm:grid-cols-3 lg:grid-cols-1">
            <div className="rounded-lg border border-stone-200 bg-white p-5">
              <dt className="text-stone-700">Readers who reported healing without complications</dt>
              <dd className="mt-1 text-3xl font-bold text-stone-900">{F.perfectHealingRate}</dd>
            </div>
            <div className="rounded-lg border border-stone-200 bg-white p-5">
              <dt className="text-stone-700">Faster healing readers reported compared with earlier tattoos or piercings</dt>
              <dd className="mt-1 text-3xl font-bold text-stone-900">{F.fasterHealingDays} days</dd>
            </div>
            <div className="rounded-lg border border-stone-200 bg-white p-5">
              <dt className="text-stone-700">Access to this guide, online or offline</dt>
              <dd className="mt-1 text-3xl font-bold text-stone-900">{F.supportHours}</dd>
            </div>
          </dl>
        </div>
      </GuideSection>

      <section id="when-to-get-help" aria-labelledby="when-to-get-help-heading" className="scroll-mt-20 px-4 pb-16">
        <div className="mx-auto max-w-6xl rounded-lg border-2 border-red-300 bg-red-50 p-6 sm:p-8">
          <h2 id="when-to-get-help-heading" className="text-2xl font-bold text-red-900">When to get medical attention</h2>
          <p className="mt-3 text-stone-800">
            Some redness, swelling and tenderness is normal at first. If any of these signs persist beyond {F.seekCareAfterHours} hours, or get worse,
            contact your artist or piercer and see a doctor:
          </p>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-stone-800">
            {MEDICAL_WARNING_SIGNS.map((s) => <li key={s}>{s}</li>)}
          </ul>
          <p className="mt-4 text-stone-800">
            <strong>Fever, chills or red streaks need a doctor the same day.</strong> Do not remove piercing jewelry if you suspect an infection unless a
            doctor tells you to: the hole can close and trap it.
          </p>
          <p className="mt-4 text-sm text-stone-700">This guide is general information, not medical advice.</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/piercing-artists" variant="primary">Find a piercer</ButtonLink>
            <ButtonLink to="/artists" variant="secondary">Find a tattoo artist</ButtonLink>
          </div>
        </div>
      </section>
    </article>
  );
}
