import { ArrowRight, BookOpen, Lock, Server, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const HIGHLIGHTS = [
  { icon: Server, text: 'Self-hosted: your scan data stays on your servers' },
  { icon: Lock, text: 'Encrypted credentials and hardened sessions' },
  { icon: ShieldCheck, text: 'Scope guard blocks targets outside your ranges' },
] as const;

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[32rem] max-w-4xl rounded-full bg-blue-400/20 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
        <Badge
          variant="outline"
          className="mb-6 border-blue-200 bg-blue-50 px-3 py-1 text-blue-700"
        >
          <ShieldCheck aria-hidden="true" />
          Network security platform
        </Badge>
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
          See your network the way{' '}
          <span className="bg-linear-to-r from-blue-600 to-sky-500 bg-clip-text text-transparent">
            attackers do
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
          NetGuard scans your hosts and ports, detects vulnerabilities, analyses packets and turns
          the results into clear security reports, all from one dashboard you run yourself.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" asChild className="shadow-md shadow-blue-600/20">
            <Link to="/auth">
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to="/help">
              <BookOpen aria-hidden="true" />
              Learn More
            </Link>
          </Button>
        </div>
        <ul className="mt-12 grid gap-3 text-left text-sm text-slate-600 sm:grid-cols-3 sm:gap-6">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2">
              <Icon className="mt-0.5 size-4 shrink-0 text-blue-600" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
