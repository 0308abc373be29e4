/** One choice among a few, shown as the dashboard's chips: a fieldset of radios with a legend for screen readers. */
export interface ChipOption<T extends string> {
  value: T;
  label: string;
}

export function ChipSwitch<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  className,
}: {
  /** The radios' group name; each radio's test id is `{name}-{value}`. */
  name: string;
  legend: string;
  options: readonly ChipOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="dash-visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={value === o.value ? 'dash-chip active' : 'dash-chip'}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            data-testid={`${name}-${o.value}`}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
