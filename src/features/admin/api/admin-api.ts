// Calls of the admin area (/api/admin/*), typed with the shared contracts.
import type {
  AdminAssessmentView,
  AdminOrganizationView,
  AdminQuestionChange,
  AdminQuestionInput,
  AdminQuestionsPage,
  AdminUserView,
  AuditEntryView,
  Paged,
} from '#domain/contracts/admin.ts';
import { api } from '../../../lib/api-client.ts';

const query = (page: number, q: string) => `page=${page}&q=${encodeURIComponent(q)}`;

export const adminApi = {
  questions: (page: number, q: string, signal?: AbortSignal) => api.get<AdminQuestionsPage>(`/api/admin/questions?${query(page, q)}`, { signal }),
  createQuestion: (input: AdminQuestionInput) => api.post<AdminQuestionChange>('/api/admin/questions', input),
  updateQuestion: (id: string, input: AdminQuestionInput) => api.put<AdminQuestionChange>(`/api/admin/questions/${id}`, input),
  deleteQuestion: (id: string, balanceWith: string | null) =>
    api.delete<AdminQuestionChange>(`/api/admin/questions/${id}${balanceWith ? `?balanceWith=${balanceWith}` : ''}`),
  organizations: (signal?: AbortSignal) => api.get<AdminOrganizationView[]>('/api/admin/organizations', { signal }),
  suspend: (id: string, reason: string) => api.post(`/api/admin/organizations/${id}/suspend`, { reason }),
  reactivate: (id: string) => api.post(`/api/admin/organizations/${id}/reactivate`),
  verifyPayment: (id: string, paidUntil: string) => api.post(`/api/admin/organizations/${id}/subscription`, { paidUntil }),
  assessments: (signal?: AbortSignal) => api.get<AdminAssessmentView[]>('/api/admin/assessments', { signal }),
  users: (signal?: AbortSignal) => api.get<AdminUserView[]>('/api/admin/users', { signal }),
  changeRole: (id: string, role: AdminUserView['role']) => api.put<AdminUserView>(`/api/admin/users/${id}/role`, { role }),
  disableUser: (id: string) => api.post<AdminUserView>(`/api/admin/users/${id}/disable`),
  enableUser: (id: string) => api.post<AdminUserView>(`/api/admin/users/${id}/enable`),
  audit: (page: number, q: string, signal?: AbortSignal) => api.get<Paged<AuditEntryView>>(`/api/admin/audit-log?${query(page, q)}`, { signal }),
};
