import type { LucideIcon } from 'lucide-react';

type ReferenceHeadingProps = { icon: LucideIcon; children: string };

/** Small heading for reference blocks inside a guide step. */
export function ReferenceHeading({ icon: Icon, children }: ReferenceHeadingProps) {
  return (
    <h4 className="flex items-center gap-2 text-sm font-semibold">
      <Icon className="size-4 text-primary" />
      {children}
    </h4>
  );
}
