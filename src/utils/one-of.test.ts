import { describe, expect, expectTypeOf, it } from 'vitest';
import { ACTION_STATUSES, type ActionStatus } from '#domain/contracts/enums.ts';
import { ROLES } from '#domain/roles.ts';
import { isOneOf } from './one-of.ts';

describe('isOneOf (a domain value list as a type guard)', () => {
  it('accepts exactly the listed values', () => {
    expect(ROLES.every((r) => isOneOf(ROLES, r))).toBe(true);
    expect(isOneOf(ROLES, 'owner')).toBe(false);
    expect(isOneOf(ACTION_STATUSES, 'Done')).toBe(false);
    expect(isOneOf(ACTION_STATUSES, '')).toBe(false);
  });
  it('narrows the string to the list type', () => {
    const value: string = 'done';
    if (isOneOf(ACTION_STATUSES, value)) expectTypeOf(value).toEqualTypeOf<ActionStatus>();
    else expect.unreachable();
  });
});
