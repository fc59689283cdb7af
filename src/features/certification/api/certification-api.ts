// Self-certification calls, typed from the server's routes (ADR 015). The verify lookup is public
// (no token); the rest send the signed-in user's bearer token.
import type { SignCertificationInput } from '#domain/contracts/cycles.ts';
import { abortable, call, client, downloadFile, publicClient } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download-report.ts';

export const getCertifications = (signal?: AbortSignal) => call(client.certifications.$get({}, abortable(signal)));
export type CertificationsPageData = Awaited<ReturnType<typeof getCertifications>>;

export const signCertification = (input: SignCertificationInput) => call(client.certifications.$post({ json: input }));
export const setCertifyingOfficial = (userId: string | null) => call(client.organization['certifying-official'].$put({ json: { userId } }));
export const getMembers = (signal?: AbortSignal) => call(client.organization.members.$get({}, abortable(signal)));
export const verifyCertification = (code: string, signal?: AbortSignal) => call(publicClient.verify[':code'].$get({ param: { code } }, abortable(signal)));

export async function downloadCertificate(id: string, verifyCode: string): Promise<void> {
  const { blob, fileName } = await downloadFile(`/api/certifications/${encodeURIComponent(id)}/certificate.pdf`);
  saveBlob(blob, fileName ?? `mvrsp-self-certification-${verifyCode}.pdf`);
}
