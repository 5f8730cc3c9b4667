import { RedirectIfSignedIn } from '@/features/auth/components/RedirectIfSignedIn';
import { FeatureGrid } from '@/features/landing/components/FeatureGrid';
import { Hero } from '@/features/landing/components/Hero';
import { LandingFooter } from '@/features/landing/components/LandingFooter';
import { LandingHeader } from '@/features/landing/components/LandingHeader';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LandingPage() {
  useDocumentTitle('Network Security Platform');
  return (
    <RedirectIfSignedIn showSpinner>
      <div className="flex min-h-svh flex-col bg-linear-to-b from-slate-50 via-white to-blue-50/40">
        <LandingHeader />
        <main className="flex-1">
          <Hero />
          <FeatureGrid />
        </main>
        <LandingFooter />
      </div>
    </RedirectIfSignedIn>
  );
}
