// Where the organization's audit log opens (ADR 042): under /organization/* (src/config/paths.ts),
// routed by the organization page, so the first route's route table does not grow.
export const AUDIT_LOG_HREF = '/organization/audit-log';
