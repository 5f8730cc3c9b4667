type Props<T extends string> = {
  id: string;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T[];
  onChange: (value: T[]) => void;
  error?: string;
};

/** A set of checkboxes editing a list (log levels, event types). */
export function CheckboxGroup<T extends string>(props: Props<T>) {
  const { id, legend, options, labels, value, onChange, error } = props;
  const toggle = (option: T, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((item) => item !== option));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            htmlFor={`${id}-${option}`}
            className="flex items-center gap-2 text-sm"
          >
            <input
              id={`${id}-${option}`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {labels[option]}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
