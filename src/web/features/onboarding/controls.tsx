import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const CONTROL =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700';

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint && !error ? <p id={`${id}-hint`} className="text-xs text-stone-600">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error}</p> : null}
    </>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string | undefined; hint?: ReactNode };

export function TextAreaField({ id, label, error, hint, ...rest }: TextAreaProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={CONTROL} {...rest} />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string | undefined; hint?: ReactNode; children: ReactNode };

export function SelectField({ id, label, error, hint, children, ...rest }: SelectProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={CONTROL} {...rest}>
        {children}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A group of radios or checkboxes with its legend and one message for the group. */
export function Choices({ id, legend, error, hint, children, legendClassName = '' }: { id: string; legend: string; error?: string | undefined; hint?: ReactNode; children: ReactNode; legendClassName?: string }) {
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={describedBy(id, error, hint)} className="space-y-2 outline-none">
      <legend className={`text-sm font-medium text-stone-900 ${legendClassName}`}>{legend}</legend>
      {children}
      <Messages id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** A checkbox drawn as a chip: the real, transparent input covers the chip, so pointer, keyboard and screen reader all use it. */
export function ChipCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="relative inline-flex cursor-pointer">
      <input type="checkbox" className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-amber-600 peer-focus-visible:ring-offset-2">
        {checked ? <span aria-hidden="true">✓ </span> : null}
        {label}
      </span>
    </label>
  );
}

/** A radio drawn as a card with a title and a line of explanation. */
export function RadioCard({ name, value, checked, onChange, title, description }: { name: string; value: string; checked: boolean; onChange: () => void; title: string; description: string }) {
  return (
    <label className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 ${checked ? 'border-stone-900 bg-stone-50' : 'border-stone-300 bg-white hover:border-stone-500'}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-1 h-4 w-4 accent-stone-900" />
      <span>
        <span className="block font-semibold text-stone-900">{title}</span>
        <span className="block text-sm text-stone-700">{description}</span>
      </span>
    </label>
  );
}
