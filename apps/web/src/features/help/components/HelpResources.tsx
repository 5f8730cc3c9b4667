import { BookOpen, LifeBuoy, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { QUICK_HELP_TEXT } from '../quick-help-text';

const LINKS = [
  { to: '/help', label: 'Help & User Guide', icon: BookOpen },
  { to: '/help?tab=features', label: 'Features', icon: Sparkles },
] as const;

/** Where to read more, and whom to ask. */
export function HelpResources({ onNavigate }: { onNavigate: () => void }) {
  return (
    <ul className="space-y-2">
      {LINKS.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-lg border p-3 text-sm font-medium hover:bg-muted/50"
          >
            <Icon className="size-4 text-primary" />
            {label}
          </Link>
        </li>
      ))}
      <li className="space-y-1 rounded-lg border p-3">
        <h3 className="flex items-center gap-3 text-sm font-medium">
          <LifeBuoy className="size-4 text-primary" />
          Contact Support
        </h3>
        <p className="pl-7 text-sm text-muted-foreground">{QUICK_HELP_TEXT.contactSupport}</p>
      </li>
    </ul>
  );
}
