// Public surface of this server feature (docs/decisions/010): the organization export
// (docs/decisions/023-data-export-and-deletion.md).
export { exportDownloadRoutes, organizationExportRoutes } from './export.routes.ts';
export { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from './export.service.ts';
export { sweepExpiredExportLinks } from './export.download.ts';
