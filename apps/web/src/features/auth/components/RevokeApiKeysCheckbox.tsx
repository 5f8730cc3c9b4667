import type { ComponentProps } from 'react';
import { Label } from '@/components/ui/label';

type RevokeApiKeysCheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  hint: string;
};

/** "Also revoke my API keys": offered with a password reset or change and sign-out-all. */
export function RevokeApiKeysCheckbox({ id, hint, ...inputProps }: RevokeApiKeysCheckboxProps) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        aria-describedby={`${id}-hint`}
        {...inputProps}
      />
      <div className="space-y-1">
        <Label htmlFor={id}>Also revoke my API keys</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
