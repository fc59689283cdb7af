// The one way the SPA edits a corrective action (owner, status, notes): PATCH /api/actions/{id}, used
// by an assessment's report and by the action plan page alike (server: updatePlanAction, ADR 019).
import type { ActionStatus } from '#domain/contracts/enums.ts';
import type { ActionPlanItem } from '#domain/contracts/cycles.ts';
import { ApiError, call, client } from './api-client.ts';

export interface ActionUpdate {
  ownerId?: string | null;
  status?: ActionStatus;
  notes?: string;
}

export type ActionSave = { kind: 'saved'; action: ActionPlanItem } | { kind: 'conflict'; current: ActionPlanItem; message: string };

/** Saves an edit made on `baseVersion`; a colleague's newer save comes back as a conflict with their values. */
export async function saveAction(actionId: string, baseVersion: number, patch: ActionUpdate): Promise<ActionSave> {
  try {
    const action = await call(client.actions[':actionId'].$patch({ param: { actionId }, json: { ...patch, baseVersion } }));
    return { kind: 'saved', action };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code === 'edit_conflict') {
      const current = (error.details as { current?: ActionPlanItem } | undefined)?.current;
      if (current) return { kind: 'conflict', current, message: error.message };
    }
    throw error;
  }
}
