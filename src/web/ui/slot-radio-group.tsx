import { useId } from 'react';

export type SlotOption = {
  /** What the group reports when chosen (the slot's start, ISO). */
  value: string;
  /** The time as shown, in the viewer's zone ("2:30 PM"). */
  label: string;
  /** A note under the time ("Guest spot in Austin"). */
  note?: string;
};
export type SlotDay = { key: string; heading: string; slots: SlotOption[] };

/**
 * Open times as one radio group: a single tab stop, arrow keys move between times, Space picks
 * one; each day is a labelled fieldset and each time names its day for screen readers. The
 * booking flow's slot picker and the accessibility demo share it.
 */
export function SlotRadioGroup({ days, label, selected, onSelect, busy }: { days: SlotDay[]; label: string; selected: string | null; onSelect: (value: string) => void; busy?: boolean }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="space-y-4" aria-busy={busy || undefined}>
      {days.map((day) => (
        <fieldset key={day.key}>
          <legend className="mb-2 font-semibold text-stone-900">{day.heading}</legend>
          <div className="flex flex-wrap gap-2">
            {day.slots.map((slot) => {
              const id = `${name}-${slot.value}`;
              return (
                <div key={slot.value} className="relative">
                  <input id={id} type="radio" name={name} value={slot.value} checked={selected === slot.value} onChange={() => onSelect(slot.value)} className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0" />
                  <label
                    htmlFor={id}
                    className="block cursor-pointer rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-900 hover:border-stone-900 peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-amber-600 peer-focus-visible:ring-offset-2"
                  >
                    <time dateTime={slot.value}>{slot.label}</time>
                    <span className="sr-only">, {day.heading}</span>
                    {slot.note ? <span className="block text-xs font-normal opacity-80">{slot.note}</span> : null}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
