// Narrowing a form control's string to one of the domain's value lists (ADR 016: the domain owns
// each enum-like column's values, e.g. ROLES in domain/roles.ts, ACTION_STATUSES in
// domain/contracts/enums.ts) without an unchecked `as` cast.

/** Whether `value` is one of `list`: `<select>` values arrive as plain strings. */
export function isOneOf<const T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}
