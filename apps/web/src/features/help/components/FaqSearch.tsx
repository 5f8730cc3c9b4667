import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type FaqSearchProps = { value: string; onChange: (value: string) => void };

export function FaqSearch({ value, onChange }: FaqSearchProps) {
  return (
    <div className="relative">
      <Label htmlFor="faq-search" className="sr-only">
        Search FAQ
      </Label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="faq-search"
        type="search"
        placeholder="Search FAQ..."
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
