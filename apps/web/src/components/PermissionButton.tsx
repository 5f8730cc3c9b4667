import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

type Props = ComponentProps<typeof Button> & {
  /** Why the role cannot use it (deniedReason), or null when it can. */
  reason: string | null;
};

/**
 * A button the role may lack: then aria-disabled rather than disabled, so it still gets the
 * pointer and focus that show the tooltip saying why and who can.
 */
export function PermissionButton({ reason, onClick, className, ...props }: Props) {
  if (!reason) return <Button className={className} onClick={onClick} {...props} />;
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            {...props}
            aria-disabled
            className={cn('cursor-not-allowed opacity-50', className)}
            onClick={(event) => event.preventDefault()}
          />
        </TooltipTrigger>
        <TooltipContent className="max-w-72">{reason}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
