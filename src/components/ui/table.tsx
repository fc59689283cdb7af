import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../utils/cn.ts';

/**
 * A table that scrolls sideways inside its own box on narrow screens instead of widening the page
 * (WCAG 1.4.10). `relative` makes the box the containing block of visually hidden (sr-only, i.e.
 * absolutely positioned) cell text, which would otherwise overflow the page itself. The box is a
 * named, focusable region, so a keyboard can scroll it too when no cell holds a control (WCAG
 * 2.1.1; axe-core rule scrollable-region-focusable).
 */
export function Table({ className, caption, children, ...rest }: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    <div
      className="relative max-w-full overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className={cn('min-w-full divide-y divide-slate-200 text-left text-sm', className)} {...rest}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}
export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="bg-slate-50" {...props} />;
}
export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className="divide-y divide-slate-100 bg-white" {...props} />;
}
export function Tr(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}
export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase first:pl-5 last:pr-5', className)} {...rest} />;
}
export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700 first:pl-5 last:pr-5', className)} {...rest} />;
}
