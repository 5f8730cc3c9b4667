import { useAuth } from '@/features/auth/auth-context';

/** The signed-in account, shown at the right of the dashboard header. */
export function UserBadge() {
  const { user } = useAuth();
  if (!user) return null;
  const name = user.username ?? user.email;
  return (
    <div className="ml-auto flex items-center gap-3" data-testid="user-badge">
      <div className="hidden text-right text-xs leading-tight sm:block">
        <p className="font-medium text-foreground">{name}</p>
        <p className="text-muted-foreground">{user.email}</p>
      </div>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary uppercase"
      >
        {name.charAt(0)}
      </span>
    </div>
  );
}
