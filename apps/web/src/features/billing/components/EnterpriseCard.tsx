import { BILLING_TEXT } from '@netguard/contracts';
import { Crown } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Shown to Enterprise subscribers instead of the plan cards. */
export function EnterpriseCard() {
  return (
    <Card className="border-violet-200 bg-linear-to-r from-blue-50 to-violet-50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Crown className="size-6 text-violet-600" aria-hidden="true" />
          {BILLING_TEXT.enterpriseCard}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        You have every NetGuard feature: unlimited scans, API access, MFA and SSO, custom
        integrations and the Enterprise Security Center.
      </CardContent>
    </Card>
  );
}
