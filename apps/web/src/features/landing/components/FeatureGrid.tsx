import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LANDING_FEATURES } from '@/features/landing/features';

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
      <div className="mx-auto mb-12 max-w-2xl text-center">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Everything a security team needs
        </h2>
        <p className="mt-3 text-slate-600">
          From discovery to remediation, NetGuard covers the whole assessment workflow.
        </p>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {LANDING_FEATURES.map(({ title, description, icon: Icon }) => (
          <Card
            key={title}
            className="border-slate-200 transition-shadow hover:shadow-md"
            data-testid="landing-feature-card"
          >
            <CardHeader className="gap-3">
              <span className="flex size-11 items-center justify-center rounded-lg bg-blue-50 text-blue-600 ring-1 ring-blue-100">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <CardTitle className="text-lg">
                <h3>{title}</h3>
              </CardTitle>
              <CardDescription className="leading-relaxed">{description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </section>
  );
}
