export const ROLES = ['org_admin', 'team_member', 'system_admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  org_admin: 'Organization Admin',
  team_member: 'Team Member',
  system_admin: 'System Admin',
};

/** org_admin shows as "Organization Admin", every other role as "Team Member". */
export function memberRoleLabel(role: string): string {
  return role === 'org_admin' ? ROLE_LABEL.org_admin : ROLE_LABEL.team_member;
}
