import type { TRole } from '@netguard/contracts';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useInvite } from '@/features/organization/api';
import { RoleSelect } from '@/features/organization/components/RoleSelect';
import { errorMessage } from '@/lib/api-client';

/** E-mail address and role of a new member; the server mails the invitation link. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>('security_analyst');
  const invite = useInvite();
  const emailId = useId();
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        invite.mutate(
          { email, role },
          {
            onSuccess: (sent) => {
              toast.success('Invitation sent', {
                description: `${sent.email} can join within 72 hours`,
              });
              setEmail('');
            },
            onError: (error) =>
              toast.error('Invitation not sent', { description: errorMessage(error) }),
          },
        );
      }}
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <Label htmlFor={emailId}>Invite by e-mail</Label>
        <Input
          id={emailId}
          type="email"
          required
          value={email}
          placeholder="colleague@example.com"
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <RoleSelect value={role} onChange={setRole} label="Role of the invited person" />
      <Button type="submit" disabled={invite.isPending || !email}>
        <Send aria-hidden="true" />
        Invite
      </Button>
    </form>
  );
}
