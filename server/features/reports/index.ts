// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { adminReportsRoutes, reportsRoutes, renderReportFile, reportFormatFileName, type ReportFile, type ReportFormat } from './reports.routes.ts';
// for the organization export (server/features/data-export)
export { loadReportDocument } from './reports.data.ts';
// for certifications (the certificate PDF uses the same page helpers and date format)
export { COLORS, MARGIN, contentWidth, ensureSpace, paragraph, subheading, table, type Pdf } from './reports.pdf-kit.ts';
export { formatDate, PRODUCT_NAME } from './reports.format.ts';
