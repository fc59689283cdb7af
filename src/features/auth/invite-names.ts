// The names typed on an invitation before the visitor had to sign in first (the address already
// has an account): kept for this tab only, so the signed-in step is prefilled instead of empty.
export interface InviteNames {
  firstName: string;
  lastName: string;
}

const keyOf = (token: string) => `mvrsp.invite-names.${token}`;

export function rememberInviteNames(token: string, names: InviteNames): void {
  try {
    sessionStorage.setItem(keyOf(token), JSON.stringify(names));
  } catch {
    /* storage off: the step asks for the names again */
  }
}

export function recallInviteNames(token: string): InviteNames | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(keyOf(token)) ?? 'null') as Partial<InviteNames> | null;
    return typeof v?.firstName === 'string' && typeof v.lastName === 'string' ? { firstName: v.firstName, lastName: v.lastName } : null;
  } catch {
    return null;
  }
}

export function forgetInviteNames(token: string): void {
  try {
    sessionStorage.removeItem(keyOf(token));
  } catch {
    /* nothing kept */
  }
}
