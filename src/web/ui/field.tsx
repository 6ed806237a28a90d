import { useId, type InputHTMLAttributes } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string };

/**
 * A field's error as a sentence. The shared schemas word their messages to follow a field name
 * ("headline: add a short headline" in an API error); shown under the field on their own, they
 * start with a capital letter and end with a full stop.
 */
export function sentence(message: string): string {
  const text = message.trim();
  if (!text) return text;
  const capitalised = text.charAt(0).toLocaleUpperCase('en-US') + text.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** A labelled input whose error and hint are announced with it. */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700"
        {...input}
      />
      {hint && !error ? <p id={`${inputId}-hint`} className="text-xs text-stone-600">{hint}</p> : null}
      {error ? <p id={`${inputId}-error`} className="text-sm text-red-700">{sentence(error)}</p> : null}
    </div>
  );
}
