// A button that keeps keyboard focus while its work runs. A `disabled` button drops focus to
// <body> (a keyboard or screen-reader user loses their place), so while `busy` (its own work) or
// `blocked` (another button's work) it stays focusable with aria-disabled and ignores clicks.
// Used wherever a click starts a download or an export (report downloads, organization export).
import type { MouseEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from './button.tsx';
import { cn } from '../../utils/cn.ts';

export interface BusyButtonProps extends Omit<ButtonProps, 'loading' | 'disabled'> {
  /** This button's work is running: a spinner, aria-busy, and clicks ignored. */
  busy: boolean;
  /** Another button's work is running: clicks ignored, focus kept. */
  blocked?: boolean;
}

export function BusyButton({ busy, blocked = false, icon, className, onClick, ...rest }: BusyButtonProps) {
  const inert = busy || blocked;
  return (
    <Button
      {...rest}
      icon={busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : icon}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      className={cn(className, busy ? 'cursor-wait opacity-75' : blocked ? 'cursor-not-allowed opacity-55' : undefined)}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (inert) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
}
