import {
  DETECTION_BACKPORTS_UNKNOWN,
  DETECTION_LABELS,
  DETECTION_NOT_RECORDED,
  isBackportUnknown,
  type TDetection,
} from '@netguard/contracts';

/** A finding's detection confidence in one line of a report. */
export function detectionLine(detection: TDetection | null): string {
  if (!detection) return DETECTION_NOT_RECORDED;
  const method = `${DETECTION_LABELS[detection.method]}, QoD ${detection.qod}%`;
  const verdict = isBackportUnknown(detection) ? `${DETECTION_BACKPORTS_UNKNOWN}. ` : '';
  return `${verdict}${method}${detection.detail ? `: ${detection.detail}` : ''}`;
}

/** The QoD column of a report table; the detection section says "Not recorded" in words. */
export const qodCell = (detection: TDetection | null) => (detection ? `${detection.qod}%` : '-');
