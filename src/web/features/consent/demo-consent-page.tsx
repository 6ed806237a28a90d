import { Info } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_KINDS, DEFAULT_CONSENT_QUESTIONS, type TConsentKind, type TConsentSign } from '../../../shared/contracts/consent.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import { Button } from '../../ui/button.tsx';
import { ConsentForm } from './consent-form.tsx';
import type { PhotoSender } from './id-photo-field.tsx';

const DEMO_LEAD_DAYS = 14;
const LINK = 'font-medium text-stone-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600';

/** The demo's "upload": the same checks as the real one, and then nothing leaves the browser. */
const checkOnly: PhotoSender = async (file) => {
  const problem = photoProblem(file);
  if (problem) throw new Error(problem);
  return { id: 'demo' };
};

async function fingerprint(body: TConsentSign): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * /demo-consent-form: the real consent form with the platform's default questions, in try-it mode.
 * It makes no request at all: photos are checked and dropped, and "signing" only shows what a signed
 * form looks like, with a fingerprint computed in the browser.
 */
export default function DemoConsentPage() {
  const ids = useId();
  const [kind, setKind] = useState<TConsentKind>('tattoo');
  // Two weeks from now, like a typical confirmed booking; fixed for the visit.
  const [startsAt] = useState(() => new Date(Date.now() + DEMO_LEAD_DAYS * 86_400_000).toISOString());
  const [result, setResult] = useState<{ sha256: string; answered: number } | null>(null);
  const [round, setRound] = useState(0);
  const resultRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Try the consent form</h1>
        <div role="note" className="flex gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950" data-testid="demo-note">
          <Info className="mt-0.5 h-5 w-5 flex-none" aria-hidden="true" />
          <p>
            <strong>Demo: nothing you enter here is sent or stored</strong> — not on Inkhaven’s servers and not on this device. It is the form clients sign for a confirmed booking, with Inkhaven’s default questions; each artist can edit theirs. Read more about <Link to="/features/digital-consent" className={LINK}>digital consent</Link>.
          </p>
        </div>
      </header>

      {result ? (
        <section aria-labelledby={`${ids}-result`} className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:p-6" data-testid="demo-result">
          <h2 ref={resultRef} id={`${ids}-result`} tabIndex={-1} className="text-lg font-semibold focus:outline-none">This is where a real form would be signed</h2>
          <p>Nothing was sent. For a real booking, Inkhaven seals the form into a PDF with an audit trail and shows its SHA-256 fingerprint here, with a download link for you and your artist.</p>
          <p className="text-sm">
            {result.answered} answers. A fingerprint of them, computed only in your browser:{' '}
            <span className="break-all font-mono">{result.sha256}</span>
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setResult(null);
              setRound((r) => r + 1);
            }}
          >
            Start the demo again
          </Button>
        </section>
      ) : (
        <>
          <fieldset className="space-y-2">
            <legend className="font-medium text-stone-900">Which form?</legend>
            <div className="flex gap-6">
              {CONSENT_KINDS.map((k) => (
                <label key={k} className="flex items-center gap-2 text-stone-900">
                  <input type="radio" name="demo-kind" checked={kind === k} onChange={() => setKind(k)} className="h-5 w-5 border-stone-400" />
                  {k === 'tattoo' ? 'Tattoo' : 'Piercing'}
                </label>
              ))}
            </div>
          </fieldset>
          <ConsentForm
            key={`${kind}-${round}`}
            questions={DEFAULT_CONSENT_QUESTIONS[kind]}
            kind={kind}
            startsAt={startsAt}
            mode="demo"
            sendPhoto={checkOnly}
            onSign={async (body) => {
              setResult({ sha256: await fingerprint(body), answered: Object.keys(body.answers).length });
              requestAnimationFrame(() => resultRef.current?.focus());
            }}
          />
        </>
      )}
    </div>
  );
}
