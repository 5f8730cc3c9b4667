import { compilePacketFilter, PACKET_LIMITS } from '@netguard/contracts';
import { Filter } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { SearchInput } from '@/components/SearchInput';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { TPacketFilters } from '@/features/packets/packet-filters';

type Props = {
  filters: TPacketFilters;
  protocols: string[];
  onChange: (next: TPacketFilters) => void;
  /** How many packets match, shown beside the inputs. */
  summary: string;
};

const SEARCH_DELAY_MS = 300;

/**
 * Text search (as you type), protocol select, and a Wireshark-style display filter applied on
 * Enter or Apply; a filter that does not parse shows its error and is not applied.
 */
export function FilterCard({ filters, protocols, onChange, summary }: Props) {
  const [search, setSearch] = useState(filters.search);
  const [draft, setDraft] = useState(filters.filter);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => setDraft(filters.filter), [filters.filter]);
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const apply = (text: string) => {
    const compiled = compilePacketFilter({ filter: text });
    if (!compiled.ok) return setError(compiled.error);
    setError(null);
    onChange({ ...filters, filter: text.trim() });
  };
  const options =
    protocols.includes(filters.protocol) || filters.protocol === 'all'
      ? protocols
      : [...protocols, filters.protocol];

  return (
    <Card className="py-4" data-testid="filter-card">
      <CardContent className="space-y-3 px-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <SearchInput
            className="min-w-56 flex-1"
            aria-label="Search packets"
            placeholder="Search source, destination, protocol or info..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select
            value={filters.protocol}
            onValueChange={(protocol) => onChange({ ...filters, protocol })}
          >
            <SelectTrigger aria-label="Protocol" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Protocols</SelectItem>
              {options.map((protocol) => (
                <SelectItem key={protocol} value={protocol}>
                  {protocol}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p
            className="text-sm whitespace-nowrap text-muted-foreground"
            aria-live="polite"
            data-testid="filter-summary"
          >
            {summary}
          </p>
        </div>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-center"
          onSubmit={(event) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          <Label htmlFor={`${errorId}-input`} className="shrink-0">
            <Filter className="size-4 text-muted-foreground" aria-hidden="true" />
            Display filter
          </Label>
          <Input
            id={`${errorId}-input`}
            className="flex-1 font-mono text-sm"
            placeholder="e.g. ip.addr == 127.0.0.1 and tcp.port == 80"
            maxLength={PACKET_LIMITS.maxFilterLength}
            value={draft}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="secondary">
              Apply
            </Button>
            {filters.filter && (
              <Button type="button" variant="ghost" onClick={() => apply('')}>
                Clear filter
              </Button>
            )}
          </div>
        </form>
        {error && (
          <p
            id={errorId}
            role="alert"
            className="text-sm text-destructive"
            data-testid="filter-error"
          >
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
