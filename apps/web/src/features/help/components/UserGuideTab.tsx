import type { ReactNode } from 'react';
import { GUIDE_STEPS } from '../guide-steps';
import { BestPracticesCard } from './BestPracticesCard';
import { GuideStepCard } from './GuideStepCard';
import { ScanPermissionAlert } from './ScanPermissionAlert';
import { ScanTypeList } from './ScanTypeList';
import { SeverityGuide } from './SeverityGuide';
import { TargetFormats } from './TargetFormats';

/** Reference material shown inside a step, below its tips. */
const STEP_EXTRAS: Record<string, ReactNode> = {
  'network-scanning': (
    <>
      <TargetFormats />
      <ScanTypeList />
    </>
  ),
  'vulnerability-management': <SeverityGuide />,
};

export function UserGuideTab() {
  return (
    <div className="space-y-6">
      <ScanPermissionAlert />
      <ol className="space-y-4">
        {GUIDE_STEPS.map((step, index) => (
          <li key={step.id}>
            <GuideStepCard step={step} number={index + 1}>
              {STEP_EXTRAS[step.id]}
            </GuideStepCard>
          </li>
        ))}
      </ol>
      <BestPracticesCard />
    </div>
  );
}
