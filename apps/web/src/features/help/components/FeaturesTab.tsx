import { PRODUCT_FEATURES } from '../features-data';
import { FeatureCard } from './FeatureCard';

export function FeaturesTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {PRODUCT_FEATURES.map((feature) => (
        <FeatureCard key={feature.title} feature={feature} />
      ))}
    </div>
  );
}
