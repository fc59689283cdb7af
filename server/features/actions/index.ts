// Public surface of this server feature (docs/decisions/010): the organization-wide action plan.
export { reconcileActionPlan, type PlanAtSubmit } from './plan.service.ts';
