import { FileText, GraduationCap, Lock, Search, Shield, Users, type LucideIcon } from 'lucide-react';
import { cn } from '../utils/cn.ts';

const ICONS: Record<string, LucideIcon> = { Users, FileText, GraduationCap, Lock, Search };

/** A domain's icon is one of Users, FileText, GraduationCap, Lock, Search; default is a shield. */
export function DomainIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const Icon = (icon && ICONS[icon]) || Shield;
  return <Icon aria-hidden="true" className={cn('size-5', className)} />;
}
