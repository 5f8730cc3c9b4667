import {
  DETECTION_BACKPORTS_UNKNOWN,
  DETECTION_LABELS,
  DETECTION_NOT_RECORDED,
  isBackportUnknown,
  type TDetection,
} from '@netguard/contracts';

/** How the finding was established: method, quality of detection, what was seen. */
export function DetectionDetails({ detection }: { detection: TDetection | null }) {
  return (
    <section data-testid="detection">
      <h4 className="font-semibold">Detection</h4>
      {detection ? (
        <div className="space-y-1 text-muted-foreground">
          <p>
            <span className="font-medium text-foreground">
              {DETECTION_LABELS[detection.method]}
            </span>
            {' · '}QoD {detection.qod}%{detection.distribution && <> · {detection.distribution}</>}
          </p>
          {isBackportUnknown(detection) && (
            <p className="text-amber-700 dark:text-amber-400">
              {DETECTION_BACKPORTS_UNKNOWN}: only the upstream version matched; the distribution may
              have fixed it in its own package.
            </p>
          )}
          {detection.detail && <p className="whitespace-pre-line">{detection.detail}</p>}
        </div>
      ) : (
        <p className="text-muted-foreground">{DETECTION_NOT_RECORDED}</p>
      )}
    </section>
  );
}
