import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';

/** A labelled Radix switch: a real <button role="switch"> with aria-checked, operable with Space and Enter. */
function LabelledSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6 py-4">
      <div>
        <label htmlFor={id} className={`font-medium ${disabled ? 'text-stone-500' : 'text-stone-950'}`}>
          {label}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm text-stone-600">{description}</p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-stone-400 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-stone-900"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** Throws while rendering when asked to: the way to see the app's error boundary and its telemetry. */
function Fragile({ explode }: { explode: boolean }) {
  if (explode) throw new Error('Simulated rendering error from the switches demo');
  return null;
}

/** Spec §2 "/test-switches": accessible switch demos, and a switch that breaks rendering on purpose. */
export default function TestSwitchesPage() {
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  const [announce, setAnnounce] = useState(false);
  const [explode, setExplode] = useState(false);

  const changed = (name: string, on: boolean) => {
    if (announce) toast({ title: `${name} ${on ? 'on' : 'off'}`, variant: 'success' });
  };

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-950">Switches</h1>
      <p className="mt-2 text-stone-700">
        Accessible toggles built on Radix Switch. Each is a labelled button with the switch role: Tab to reach it, Space or Enter to flip it.
      </p>

      <div className="mt-8 divide-y divide-stone-200 rounded-lg border border-stone-200 px-5">
        <LabelledSwitch
          label="Email me about booking updates"
          description="Requests, confirmations and reschedules."
          checked={email}
          onCheckedChange={(on) => {
            setEmail(on);
            changed('Booking emails', on);
          }}
        />
        <LabelledSwitch
          label="Text me appointment reminders"
          description="A reminder the day before each appointment."
          checked={sms}
          onCheckedChange={(on) => {
            setSms(on);
            changed('Text reminders', on);
          }}
        />
        <LabelledSwitch label="Push notifications" description="Not available on this device yet." checked={false} onCheckedChange={() => {}} disabled />
        <LabelledSwitch
          label="Announce changes with a toast"
          description="Shows a short confirmation each time you flip a switch above."
          checked={announce}
          onCheckedChange={(on) => {
            setAnnounce(on);
            if (on) toast({ title: 'Toasts on', description: 'Press F8 to jump to notifications.' });
          }}
        />
      </div>

      <h2 className="mt-10 text-xl font-semibold text-stone-950">Error handling</h2>
      <div className="mt-4 rounded-lg border border-red-200 px-5">
        <LabelledSwitch
          label="Simulate a rendering error"
          description="Makes a component on this page throw while rendering, to show the error screen and send an error report."
          checked={explode}
          onCheckedChange={setExplode}
        />
      </div>
      <Fragile explode={explode} />
    </section>
  );
}
