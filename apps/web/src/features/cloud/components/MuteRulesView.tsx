import { Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteMuteRule, useMuteRules } from '@/features/cloud/api';
import { MuteRuleForm } from '@/features/cloud/components/MuteRuleForm';
import { describeMatch } from '@/features/cloud/mute-rule-body';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** Mute rules with their reason, author, expiry and how many findings each hides now. */
export function MuteRulesView({ canManage }: { canManage: boolean }) {
  const rules = useMuteRules();
  const remove = useDeleteMuteRule();
  return (
    <div className="space-y-4">
      {canManage && (
        <Card>
          <CardHeader>
            <CardTitle>New mute rule</CardTitle>
          </CardHeader>
          <CardContent>
            <MuteRuleForm />
          </CardContent>
        </Card>
      )}
      {rules.isPending && <Skeleton className="h-16 w-full" />}
      {rules.isError && <p className="text-sm text-destructive">{errorMessage(rules.error)}</p>}
      {rules.data?.rules.length === 0 && (
        <p className="text-sm text-muted-foreground">No mute rules: every finding is shown.</p>
      )}
      <ul className="space-y-2">
        {rules.data?.rules.map((rule) => (
          <li
            key={rule.id}
            className="space-y-1 rounded-md border p-3 text-sm"
            aria-label={rule.reason}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{describeMatch(rule)}</span>
              <div className="flex items-center gap-2">
                {rule.expired && <Badge variant="secondary">Expired</Badge>}
                <Badge variant="outline">hides {rule.hiddenCount}</Badge>
                {canManage && (
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(rule.id)}
                    aria-label={`Delete mute rule ${describeMatch(rule)}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
            </div>
            <p className="break-words">{rule.reason}</p>
            <p className="text-muted-foreground">
              {rule.author ?? 'A removed user'} · until {formatDateTime(rule.expiresAt)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
