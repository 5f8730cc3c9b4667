import { UI_TEXT } from '@netguard/contracts';
import { Loader2, LogOut } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { useAuth } from '@/features/auth/auth-context';
import { errorMessage } from '@/lib/api-client';

/** The Sign Out action of the sidebar's Account group. */
export function SignOutButton() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);

  const handleSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      console.error('Sign-out failed:', error);
      toast.error(UI_TEXT.signOutError, { description: errorMessage(error) });
      setBusy(false);
    }
  };

  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        tooltip="Sign Out"
        onClick={handleSignOut}
        disabled={busy}
        data-testid="sign-out-button"
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <LogOut aria-hidden="true" />
        )}
        <span>Sign Out</span>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}
