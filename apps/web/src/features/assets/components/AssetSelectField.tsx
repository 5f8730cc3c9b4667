import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

type Props<V extends string> = {
  label: string;
  value: V;
  labels: Record<V, string>;
  disabled: boolean;
  onChange: (value: V) => void;
};

/** One labelled choice of the asset context editor. */
export function AssetSelectField<V extends string>({
  label,
  value,
  labels,
  disabled,
  onChange,
}: Props<V>) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} disabled={disabled} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(labels) as V[]).map((key) => (
            <SelectItem key={key} value={key}>
              {labels[key]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
