import { CLOUD_PROVIDER_LABELS, CLOUD_PROVIDERS } from '@netguard/contracts';
import { KeyRound } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ProviderCredentialsForm } from '@/features/cloud/components/ProviderCredentialsForm';

/** The tabbed credentials form, one tab per provider (admins only). */
export function CredentialsForm() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" />
          Connect a cloud account
        </CardTitle>
        <CardDescription>
          Read-only credentials are enough. They are checked with the provider before they are
          stored, and stored encrypted; NetGuard never shows a secret again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="aws" className="gap-4">
          <TabsList className="grid w-full grid-cols-3 sm:w-fit">
            {CLOUD_PROVIDERS.map((provider) => (
              <TabsTrigger key={provider} value={provider}>
                {CLOUD_PROVIDER_LABELS[provider]}
              </TabsTrigger>
            ))}
          </TabsList>
          {CLOUD_PROVIDERS.map((provider) => (
            <TabsContent key={provider} value={provider}>
              <ProviderCredentialsForm provider={provider} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
