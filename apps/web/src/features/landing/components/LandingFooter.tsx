import { UI_TEXT } from '@netguard/contracts';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
        <Logo className="text-slate-900" />
        <p className="max-w-md text-center sm:text-right">{UI_TEXT.scanNotice}</p>
        <Link to="/help" className="font-medium text-blue-600 hover:underline">
          Help &amp; Guide
        </Link>
      </div>
    </footer>
  );
}
