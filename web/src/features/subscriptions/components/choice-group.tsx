import type { ReactNode } from 'react';

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  /** Said under this box and tied to it (a help, or the message of this one choice). */
  note?: { text: string; error?: boolean };
}

export interface ChoiceGroupProps<V extends string> {
  /** The group's id: its inputs are `${id}-${value}`, its message `${id}-error`. */
  id: string;
  legend: string;
  options: readonly ChoiceOption<V>[];
  selected: readonly V[];
  onChange: (next: V[]) => void;
  help?: ReactNode;
  error?: string;
  disabled?: boolean;
  /** Shown between the legend and the boxes (the location button), or after them (a map, notes). */
  before?: ReactNode;
  after?: ReactNode;
  /** Two or more columns of boxes on a wide screen. */
  columns?: boolean;
}

/**
 * A group of check boxes (plain HTML: no antd on the public pages): a fieldset named by its legend, its help and
 * message tied to it (`aria-describedby`), each box a 44 px target with its label. The options keep their order;
 * the selection keeps the options' order too.
 */
export function ChoiceGroup<V extends string>({
  id,
  legend,
  options,
  selected,
  onChange,
  help,
  error,
  disabled,
  before,
  after,
  columns,
}: ChoiceGroupProps<V>) {
  const chosen = new Set(selected);
  const toggle = (value: V, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      id={id}
      className={error ? 'sub-group sub-group-invalid' : 'sub-group'}
      aria-describedby={described || undefined}
      data-testid={id}
    >
      <legend className="sub-legend">{legend}</legend>
      {help && (
        <p id={`${id}-help`} className="sub-help">
          {help}
        </p>
      )}
      {before}
      <ul className={columns ? 'sub-choices sub-choices-columns' : 'sub-choices'}>
        {options.map((option) => {
          const noteId = `${id}-${option.value}-note`;
          return (
            <li key={option.value}>
              <label className="sub-choice" htmlFor={`${id}-${option.value}`}>
                <input
                  id={`${id}-${option.value}`}
                  type="checkbox"
                  name={id}
                  value={option.value}
                  checked={chosen.has(option.value)}
                  disabled={disabled}
                  aria-describedby={option.note ? noteId : undefined}
                  aria-invalid={option.note?.error ? true : undefined}
                  onChange={(e) => toggle(option.value, e.target.checked)}
                />
                <span>{option.label}</span>
              </label>
              {option.note && (
                <p
                  id={noteId}
                  className={option.note.error ? 'sub-error sub-choice-note' : 'sub-help sub-choice-note'}
                  data-testid={noteId}
                >
                  {option.note.text}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {after}
      {error && (
        <p id={`${id}-error`} className="sub-error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
