// /admin/questions: the current questionnaire version, 10 at a time, with search; create, edit
// and delete publish a new version (assessments already started keep theirs).
import { useEffect, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { AdminQuestionInput, AdminQuestionView } from '#domain/contracts/admin.ts';
import { describeConditions } from '#domain/questions/applicability.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { abortable, call, client } from '../../lib/api-client.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';
import { adminApi } from './api/admin-api.ts';
import { LoadState, Pager, SearchBox, selectClasses } from './components/admin-shared.tsx';
import { TextArea } from './components/form-controls.tsx';
import { QuestionForm } from './components/question-form.tsx';

function useDebounced(value: string, ms = 250): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Where a critical question gates Pass: wherever it is asked, or only where its criticalWhen holds. */
const gateScope = (q: AdminQuestionView) => (q.critical_when.length === 0 ? 'Gate wherever asked' : `Gate only for: ${describeConditions(q.critical_when)}`);

type Editing = { mode: 'create' } | { mode: 'edit'; question: AdminQuestionView } | { mode: 'delete'; question: AdminQuestionView } | null;

export function AdminQuestionsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [version, setVersion] = useState(0);
  const list = useServerQuery(['admin', 'questions', page, q, version], (s) => adminApi.questions(page, q, s), { offline: false });
  const bank = useServerQuery(['admin', 'bank', version], (s) => call(client.questions.$get({ query: {} }, abortable(s))), { offline: false });
  const [editing, setEditing] = useState<Editing>(null);
  const write = useServerMutation((action: () => Promise<{ version_label: string }>) => action());
  const busy = write.pending;
  const [serverError, setServerError] = useState<string | null>(null);
  const [balanceWith, setBalanceWith] = useState('');
  const [deleteNote, setDeleteNote] = useState('');
  const { notify } = useToast();

  const close = () => {
    setEditing(null);
    setServerError(null);
    setBalanceWith('');
    setDeleteNote('');
  };
  const run = async (action: () => Promise<{ version_label: string }>, done: string) => {
    setServerError(null);
    const res = await write.run(action);
    if (!res.ok) return setServerError(messageOf(res, 'The change could not be saved'));
    notify(`${done} Published questionnaire ${res.value.version_label}.`);
    close();
    setVersion((v) => v + 1);
  };
  const save = (input: AdminQuestionInput) =>
    editing?.mode === 'edit'
      ? run(() => adminApi.updateQuestion(editing.question.id, input), `${editing.question.code} updated.`)
      : run(() => adminApi.createQuestion(input), 'Question created.');
  const remove = (question: AdminQuestionView) => run(() => adminApi.deleteQuestion(question.id, balanceWith || null, deleteNote), `${question.code} deleted.`);

  const bankTotal = list.data?.total_points ?? MAX_SCORE;
  const deleting = editing?.mode === 'delete' ? editing.question : null;
  const takers = (bank.data ?? []).filter((x) => deleting && x.id !== deleting.id && x.points + deleting.points <= 5);

  return (
    <Card>
      <CardHeader
        title="Questions"
        description={list.data ? `Questionnaire ${list.data.version_label} · ${list.data.total_points} points` : 'The current questionnaire version'}
        actions={
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing({ mode: 'create' })} disabled={!bank.data}>
            New question
          </Button>
        }
      />
      <div className="border-b border-slate-100 px-5 py-3">
        <SearchBox value={search} onChange={(v) => (setSearch(v), setPage(1))} label="Search questions" placeholder="Search code, text or domain" />
      </div>
      <LoadState resource={list} label="questions">
        {(data) =>
          data.items.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No questions match your search" />
            </div>
          ) : (
            <>
              <Table caption="Questions of the current questionnaire version">
                <THead>
                  <Tr>
                    <Th>Code</Th>
                    <Th className="hidden md:table-cell">Domain</Th>
                    <Th>Question</Th>
                    <Th className="text-right">Points</Th>
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.items.map((item) => (
                    <Tr key={item.id}>
                      <Td className="font-mono text-xs whitespace-nowrap">{item.code}</Td>
                      <Td className="hidden whitespace-nowrap md:table-cell">{item.domain_name}</Td>
                      <Td className="min-w-60 sm:min-w-72">
                        <p className="mb-1 text-xs text-slate-500 md:hidden">{item.domain_name}</p>
                        <p className="line-clamp-2">{item.question_text}</p>
                        <div className="mt-1 flex gap-1.5">
                          {item.critical && <Badge tone="danger">Critical</Badge>}
                          {item.document_evidence_required && <Badge tone="brand">Evidence</Badge>}
                        </div>
                        <p className="mt-1 text-xs text-slate-600">Asked of: {describeConditions(item.applies_when)}</p>
                        {item.critical && <p className="text-xs text-slate-600">{gateScope(item)}</p>}
                      </Td>
                      <Td className="text-right tabular-nums">{item.points}</Td>
                      <Td className="whitespace-nowrap text-right">
                        <Button size="sm" variant="ghost" aria-label={`Edit ${item.code}`} icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => setEditing({ mode: 'edit', question: item })} />
                        <Button size="sm" variant="ghost" aria-label={`Delete ${item.code}`} icon={<Trash2 aria-hidden="true" className="size-4 text-red-700" />} onClick={() => setEditing({ mode: 'delete', question: item })} />
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} shown={data.items.length} onPage={setPage} />
            </>
          )
        }
      </LoadState>

      <Dialog open={editing?.mode === 'create' || editing?.mode === 'edit'} onClose={close} title={editing?.mode === 'edit' ? `Edit ${editing.question.code}` : 'New question'}>
        <div className="-mx-6 -my-5 max-h-[70vh] overflow-y-auto px-6 py-5">
          {(editing?.mode === 'create' || editing?.mode === 'edit') && (
            <QuestionForm
              editing={editing.mode === 'edit' ? editing.question : null}
              bank={bank.data ?? []}
              bankTotal={bankTotal}
              busy={busy}
              serverError={serverError}
              onSubmit={save}
              onCancel={close}
            />
          )}
        </div>
      </Dialog>

      <Dialog
        open={!!deleting}
        onClose={close}
        title={deleting ? `Delete ${deleting.code}?` : ''}
        description="Deleting publishes a new questionnaire version without this question. Assessments already started keep theirs."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} disabled={!balanceWith || deleteNote.trim().length < 10} onClick={() => deleting && remove(deleting)}>
              Delete and publish
            </Button>
          </>
        }
      >
        {deleting && (
          <div className="space-y-3 text-sm">
            {serverError && <Alert tone="error">{serverError}</Alert>}
            <p className="text-slate-700">{deleting.question_text}</p>
            <label className="block font-medium text-slate-800">
              <span className="mb-1.5 block">Give its {deleting.points} point(s) to</span>
              <select className={selectClasses} value={balanceWith} onChange={(e) => setBalanceWith(e.target.value)}>
                <option value="">Choose a question…</option>
                {takers.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.code} ({x.points} pts): {x.question_text.slice(0, 70)}
                  </option>
                ))}
              </select>
            </label>
            <TextArea label="Release note (what changed and why)" value={deleteNote} onChange={setDeleteNote} rows={2} hint={CONTENT_MSG.releaseNoteRequired} />
          </div>
        )}
      </Dialog>
    </Card>
  );
}
