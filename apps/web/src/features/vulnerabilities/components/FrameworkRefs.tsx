import { frameworkList, type TFrameworkRefs } from '@netguard/contracts';

/** The compliance controls a cloud finding's check maps to, one line per framework. */
export function FrameworkRefs({ refs }: { refs: TFrameworkRefs | null }) {
  const list = frameworkList(refs);
  if (!list.length) return null;
  return (
    <section aria-label="Compliance frameworks">
      <h4 className="font-semibold">Compliance frameworks</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {list.map((f) => (
          <div key={f.framework} className="contents" data-framework={f.framework}>
            <dt className="font-medium">{f.label}</dt>
            <dd className="font-mono text-xs leading-5">{f.controls.join(', ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
