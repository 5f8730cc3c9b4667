import {
  DETECTION_BACKPORTS_UNKNOWN,
  isBackportUnknown,
  type TDetection,
} from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';

/** The card header's detection badges: QoD, and a plain warning when backports are unknown. */
export function DetectionBadges({ detection }: { detection: TDetection | null }) {
  if (!detection) return null;
  return (
    <>
      {isBackportUnknown(detection) && (
        <Badge
          variant="outline"
          className="border-amber-500 text-amber-700 dark:text-amber-400"
          data-testid="backports-unknown"
        >
          {DETECTION_BACKPORTS_UNKNOWN}
        </Badge>
      )}
      <Badge variant="outline" title="Quality of detection">
        QoD {detection.qod}%
      </Badge>
    </>
  );
}
