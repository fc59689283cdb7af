/** The five MVRSP domains with their Lucide icons. */
export const DOMAIN_ICONS = ['Users', 'FileText', 'GraduationCap', 'Lock', 'Search'] as const;
export type DomainIcon = (typeof DOMAIN_ICONS)[number] | 'Shield';

export interface DomainDef {
  id: string;
  name: string;
  icon: DomainIcon;
  description: string;
  sortOrder: number;
}

export const DOMAINS: readonly DomainDef[] = [
  {
    id: 'communications-integration',
    name: 'Communications + Integration',
    icon: 'Users',
    description: 'Leadership, a named point of contact, coordination across offices and communication with researchers.',
    sortOrder: 1,
  },
  {
    id: 'policies-procedures',
    name: 'Policies + Procedures',
    icon: 'FileText',
    description: 'Disclosure, foreign talent programs, travel, export control and due diligence, written and enforced.',
    sortOrder: 2,
  },
  {
    id: 'training-program',
    name: 'Training Program',
    icon: 'GraduationCap',
    description: 'Research security, export control, travel and cyber awareness training, tracked and current.',
    sortOrder: 3,
  },
  {
    id: 'information-protection',
    name: 'Information Protection + Research Data Safeguards',
    icon: 'Lock',
    description: 'Cybersecurity baseline, controlled data, incident reporting and travel device security.',
    sortOrder: 4,
  },
  {
    id: 'audit',
    name: 'Audit',
    icon: 'Search',
    description: 'Certification evidence, record retention, self-assessment and corrective action tracking.',
    sortOrder: 5,
  },
];
