import {
  TOPOLOGY_LAYOUTS,
  type TTopologyLayout,
  type TTopologySettings,
} from '@netguard/contracts';
import { Download, FileCode, FileJson, RefreshCw, Settings2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';
import { cn } from '@/lib/utils';

const LAYOUT_LABELS: Record<TTopologyLayout, string> = {
  hierarchical: 'Hierarchical',
  radial: 'Radial',
};
const FLAGS = [
  { key: 'show_ip', label: 'Show IP addresses' },
  { key: 'show_traffic', label: 'Show traffic' },
  { key: 'animate_traffic', label: 'Animate traffic' },
] as const;

type Props = {
  settings: TTopologySettings;
  onSettings: (settings: TTopologySettings) => void;
  refreshing: boolean;
  onRefresh: () => void;
  onExport: (format: 'svg' | 'json') => void;
};

/** Refresh, Configure (layout options, saved per user) and Export (SVG diagram, JSON graph). */
export function TopologyToolbar({ settings, onSettings, refreshing, onRefresh, onExport }: Props) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
        {T.refresh}
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <Settings2 aria-hidden="true" />
            {T.configure}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel>Layout</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={settings.layout}
            onValueChange={(layout) =>
              onSettings({ ...settings, layout: layout as TTopologyLayout })
            }
          >
            {TOPOLOGY_LAYOUTS.map((layout) => (
              <DropdownMenuRadioItem key={layout} value={layout}>
                {LAYOUT_LABELS[layout]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          {FLAGS.map(({ key, label }) => (
            <DropdownMenuCheckboxItem
              key={key}
              checked={settings[key]}
              onCheckedChange={(checked) => onSettings({ ...settings, [key]: checked })}
              onSelect={(event) => event.preventDefault()}
            >
              {label}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>
            <Download aria-hidden="true" />
            {T.export}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onExport('svg')}>
            <FileCode aria-hidden="true" />
            {T.exportSvg}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExport('json')}>
            <FileJson aria-hidden="true" />
            {T.exportJson}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
