import { MFA_TEXT } from '@netguard/contracts';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopied } from '@/features/mfa/use-copied';
import { errorMessage } from '@/lib/api-client';

type Props = { codes: string[]; onDone: () => void };

/** The new backup codes, shown once; each can be copied (the indicator lasts 2 s). */
export function BackupCodes({ codes, onDone }: Props) {
  const { copied, markCopied } = useCopied();
  const copy = (code: string) =>
    navigator.clipboard.writeText(code).then(
      () => {
        markCopied(code);
        toast.success(MFA_TEXT.backupCodeCopied);
      },
      (error: unknown) => toast.error('Could not copy', { description: errorMessage(error) }),
    );

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <p className="text-sm font-medium">Backup codes</p>
        <p className="text-xs text-muted-foreground">
          Each code signs you in once if you lose your second factor. Save them somewhere safe: they
          are not shown again.
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Backup codes">
        {codes.map((code) => (
          <li
            key={code}
            className="flex items-center justify-between rounded-md border px-3 py-1.5"
          >
            <code className="font-mono text-sm tracking-wider" data-testid="backup-code">
              {code}
            </code>
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2"
              aria-label={`Copy backup code ${code}`}
              onClick={() => copy(code)}
            >
              {copied === code ? (
                <>
                  <Check className="size-4 text-green-600" aria-hidden="true" />
                  Copied
                </>
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
            </Button>
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>I have saved my backup codes</Button>
    </div>
  );
}
