import type { TSiemQuery } from '@netguard/contracts';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

async function copy(query: TSiemQuery) {
  try {
    await navigator.clipboard.writeText(query.query);
    toast.success('Query copied', { description: query.title });
  } catch {
    toast.error('Error', { description: 'Could not copy to the clipboard' });
  }
}

/** One generated query: its title, language, the text, and Copy. */
export function SiemQueryCard({ query }: { query: TSiemQuery }) {
  return (
    <Card className="min-w-0 gap-3 py-4">
      <CardHeader className="px-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="min-w-0 text-base break-words">{query.title}</CardTitle>
          <div className="flex items-center gap-2">
            <Badge variant="outline">{query.language}</Badge>
            <Button variant="outline" size="sm" onClick={() => void copy(query)}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      </CardHeader>
      <CardContent className="px-4">
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre">
          {query.query}
        </pre>
      </CardContent>
    </Card>
  );
}
