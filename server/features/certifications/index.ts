// Public surface of this server feature (docs/decisions/010): other features, server/app.ts and the
// rest of server/ import only this file; every other file in the folder is internal.
export { certificationsRoutes, certifyingOfficialRoutes, verifyRoutes } from './certifications.routes.ts';
// for the organization export (server/features/data-export): the same records and certificate PDFs as the routes
export { findOwnCertification, listCertifications } from './certifications.service.ts';
export { renderCertificatePdf } from './certificate.pdf.ts';
export { verifyUrl } from './certifications.routes.ts';
