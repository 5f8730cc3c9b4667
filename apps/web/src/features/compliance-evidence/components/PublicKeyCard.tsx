import type { ZEvidenceKey } from '@netguard/contracts';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

/** The organization's Ed25519 public key: what an auditor checks the digest signatures with. */
export function PublicKeyCard({ signingKey }: { signingKey: z.infer<typeof ZEvidenceKey> }) {
  return (
    <Card className="gap-3 py-4" aria-label="Evidence signing key">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          Evidence signing key
        </CardTitle>
        <CardDescription>
          Every digest of the evidence ledger is signed with this Ed25519 key; each package carries
          it, so an auditor verifies the package without NetGuard.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 px-4">
        <div className="text-sm">
          <span className="text-muted-foreground">Fingerprint: </span>
          <code className="break-all font-mono text-xs" data-testid="evidence-key-fingerprint">
            {signingKey.fingerprint}
          </code>
        </div>
        <Collapsible>
          <CollapsibleTrigger className="text-sm text-primary underline-offset-4 hover:underline">
            Show public key
          </CollapsibleTrigger>
          <CollapsibleContent>
            <pre
              className="mt-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs"
              data-testid="evidence-public-key"
            >
              {signingKey.publicKeyPem}
            </pre>
          </CollapsibleContent>
        </Collapsible>
      </CardContent>
    </Card>
  );
}
