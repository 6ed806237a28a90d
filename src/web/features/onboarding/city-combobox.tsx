import { useId, useState, type KeyboardEvent } from 'react';
import { cityLabel, findCity, searchCities, type City } from '../../../shared/cities.ts';
import { zoneLabel } from '../../lib/format.ts';

type Props = { id: string; value: string; onChange: (cityId: string) => void; error?: string | undefined };

/**
 * The ARIA 1.2 combobox pattern over the bundled city list: type to filter, arrows to move,
 * Enter to choose, Escape to close. The chosen city's time zone is shown under it.
 */
export function CityCombobox({ id, value, onChange, error }: Props) {
  const listId = useId();
  const selected = value ? findCity(value) : undefined;
  const [text, setText] = useState(selected ? cityLabel(selected) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = searchCities(text, 8);
  const options: City[] = open ? matches : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (city: City) => {
    onChange(city.id);
    setText(cityLabel(city));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(matches.length ? 0 : -1);
      } else setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter') {
      if (expanded) {
        // Choosing from the list must not submit the step.
        e.preventDefault();
        const city = options[active >= 0 ? active : 0];
        if (city) choose(city);
      }
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text && !selected) {
        setText('');
      }
    }
  };

  const describedBy = [`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">City</label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={text}
          placeholder="Start typing, for example Portland"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            if (value) onChange('');
          }}
          onFocus={() => {
            if (!selected) setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600 aria-[invalid=true]:border-red-700"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Cities"
          hidden={!expanded}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-stone-300 bg-white py-1 shadow-lg"
        >
          {options.map((city, i) => (
            <li
              key={city.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep focus in the input so the list does not close before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(city)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-amber-100 text-stone-950' : 'text-stone-800 hover:bg-stone-100'}`}
            >
              <span className="font-medium">{city.name}</span>
              <span className="text-stone-600">{city.region && city.region !== city.name ? `, ${city.region}` : ''}, {city.country}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-help`} className="text-xs text-stone-600">
        {open && text.trim() && options.length === 0 ? 'No city in our list matches; try the nearest large city.' : 'Use the arrow keys to move through matches and Enter to choose.'}
      </p>
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error}</p> : null}
      <p className="text-sm text-stone-800" aria-live="polite">
        {selected ? (
          <>
            Time zone: <strong>{zoneLabel(selected.timezone)}</strong> <span className="text-stone-600">({selected.timezone})</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
