// Public surface of this server feature (docs/decisions/010): the organization-wide corrective action
// plan (ADR 019). The assessments feature reconciles it at submit and lists one assessment's share
// of it through here (edits go through PATCH /api/actions/:actionId only); the reports feature builds its spreadsheet with the same sheet builder.
export { actionsRoutes } from './actions.routes.ts';
export { reconcileActionPlan, type PlanAtSubmit } from './plan.service.ts';
export { listAssessmentActions } from './actions.service.ts';
export { assertReportReleased, gateActionRow, isPaidAt, isReportReleased, PAID_ACTION_COLUMNS, PAYMENT_REQUIRED_MESSAGE } from './report-gate.ts';
export { actionPlanFileName, PRIORITY_LABEL, renderActionPlanXlsx, renderActionSheet, STATUS_LABEL } from './actions.xlsx.ts';
export { listActionPlan } from './actions.service.ts';
