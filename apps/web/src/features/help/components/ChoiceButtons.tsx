import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type Props<T extends string> = {
  legend: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
};

/** A row of toggle buttons of which one is pressed. */
export function ChoiceButtons<T extends string>({
  legend,
  choices,
  value,
  onChange,
  className,
}: Props<T>) {
  return (
    <fieldset className={cn('flex min-w-0 flex-wrap gap-2', className)}>
      <legend className="sr-only">{legend}</legend>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          type="button"
          size="sm"
          variant={choice.value === value ? 'default' : 'outline'}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </fieldset>
  );
}
