// Calls of the admin area (/api/admin/*), typed from the server's routes (ADR 015).
import type { AdminQuestionInput, AdminUserView } from '#domain/contracts/admin.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';

const admin = client.admin;
const listQuery = (page: number, q: string) => ({ query: { page: String(page), q } });

/** A keyset page request (domain/contracts/admin.ts adminPageQuerySchema): after `cursor`, matching `q`. */
export interface PageParams {
  cursor?: string;
  q?: string;
  /** GET /api/admin/organizations only: that one organization. */
  id?: string;
}
const pageQuery = ({ cursor, q, id }: PageParams) => ({ query: { ...(cursor ? { cursor } : {}), ...(q ? { q } : {}), ...(id ? { id } : {}) } });

export const adminApi = {
  questions: (page: number, q: string, signal?: AbortSignal) => call(admin.questions.$get(listQuery(page, q), abortable(signal))),
  createQuestion: (input: AdminQuestionInput) => call(admin.questions.$post({ json: input })),
  updateQuestion: (id: string, input: AdminQuestionInput) => call(admin.questions[':id'].$put({ param: { id }, json: input })),
  deleteQuestion: (id: string, balanceWith: string | null, releaseNote: string) =>
    call(admin.questions[':id'].$delete({ param: { id }, query: { releaseNote, ...(balanceWith ? { balanceWith } : {}) } })),
  organizations: (params: PageParams = {}, signal?: AbortSignal) => call(admin.organizations.$get(pageQuery(params), abortable(signal))),
  suspend: (id: string, reason: string) => call(admin.organizations[':id'].suspend.$post({ param: { id }, json: { reason } })),
  reactivate: (id: string) => call(admin.organizations[':id'].reactivate.$post({ param: { id } })),
  deleteOrganization: (id: string, confirmation: string) => call(admin.organizations[':id'].$delete({ param: { id }, json: { confirmation } })),
  verifyPayment: (id: string, paidUntil: string) => call(admin.organizations[':id'].subscription.$post({ param: { id }, json: { paidUntil } })),
  assessments: (params: PageParams = {}, signal?: AbortSignal) => call(admin.assessments.$get(pageQuery(params), abortable(signal))),
  users: (params: PageParams = {}, signal?: AbortSignal) => call(admin.users.$get(pageQuery(params), abortable(signal))),
  changeRole: (id: string, role: AdminUserView['role']) => call(admin.users[':id'].role.$put({ param: { id }, json: { role } })),
  disableUser: (id: string) => call(admin.users[':id'].disable.$post({ param: { id } })),
  enableUser: (id: string) => call(admin.users[':id'].enable.$post({ param: { id } })),
  /** A lost second factor (ADR 040): removes the user's authenticator apps and ends their verified sessions. */
  resetFactors: (id: string) => call(admin.users[':id'].factors.$delete({ param: { id } })),
  audit: (params: PageParams = {}, signal?: AbortSignal) => call(admin['audit-log'].$get(pageQuery(params), abortable(signal))),
};
