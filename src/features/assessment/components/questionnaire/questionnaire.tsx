// The questionnaire: one question at a time, domain tabs, guidance beside it, answers written
// through the sync core (Dexie + outbox) and read back from live queries.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { fullName } from '#domain/text.ts';
import { answersMap, countsAsAnswered, isToConfirm, type SyncRuntime } from '../../../../sync/index.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { useToast } from '../../../../components/ui/toast.tsx';
import type { Questionnaire as QuestionnaireData } from '../../api/questionnaire.ts';
import { firstUnanswered, groupByDomain, isLastPosition, nextPosition, positionOf, previousPosition, questionAt, type Position } from '../../hooks/questionnaire-nav.ts';
import { sendingText } from '../../hooks/submit-text.ts';
import { useAssessmentLive } from '../../hooks/use-assessment-live.ts';
import { useOnline } from '../../../../lib/use-online.ts';
import { useQuestionKeys } from '../../hooks/use-question-keys.ts';
import { useSavingFlag } from '../../hooks/use-saving-flag.ts';
import { useSubmit } from '../../hooks/use-submit.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { DeferDialog } from './defer-dialog.tsx';
import { DomainTabs } from './domain-tabs.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuestionGuidance } from './question-guidance.tsx';
import { QuestionnaireFooter } from './questionnaire-footer.tsx';
import { SubmitBanner } from './submit-banner.tsx';
import { QuestionnaireHeader } from './questionnaire-header.tsx';
import { ConfirmCarried, confirmCarriedText } from './confirm-carried.tsx';
import { appAlert, appConfirm } from '../../../../lib/app-dialogs.ts';
import { plural } from '../../../../utils/format-time.ts';

export interface QuestionnaireProps {
  assessmentId: string;
  data: QuestionnaireData;
  runtime: SyncRuntime;
  userId: string;
  members: readonly TeamMemberDto[];
  renderEvidence?: (questionId: string, locked: boolean) => ReactNode;
  /** Open on this question (e.g. from "Assigned to me"). */
  initialQuestionId?: string | null;
  /**
   * The first pull of teammates' answers finished only after the page had to open on this device's
   * answers (slow network): resume again at the team's first unanswered question, unless the user
   * has already moved or answered.
   */
  lateTeamSync?: boolean;
}

export function Questionnaire({ assessmentId, data, runtime, userId, members, renderEvidence, initialQuestionId, lateTeamSync = false }: QuestionnaireProps) {
  const groups = useMemo(() => groupByDomain(data.questions, data.domains), [data]);
  const live = useAssessmentLive(runtime.db, assessmentId, userId);
  const online = useOnline();
  const { notify } = useToast();
  const submitApi = useSubmit(runtime, assessmentId, userId, online);
  const [pos, setPos] = useState<Position | null>(() => (initialQuestionId ? positionOf(groups, initialQuestionId) : null));
  const [dialog, setDialog] = useState<'defer' | 'conflict' | null>(null);
  const saving = useSavingFlag();
  const panelId = useId();

  // Given here: a carried answer still to re-confirm counts as unanswered (ADR 019).
  const isAnswered = (id: string) => countsAsAnswered(live.answers.get(id));
  // Resume where the team left off, once the local answers are known (then the user drives).
  if (pos === null && live.loaded) setPos(firstUnanswered(groups, isAnswered));
  const userDrove = useRef(!!initialQuestionId);
  const moveTo = (next: Position) => {
    userDrove.current = true;
    setPos(next);
  };
  useEffect(() => {
    if (!lateTeamSync || userDrove.current) return;
    let active = true;
    // Read once from the store: the pull has committed, the live query may not have re-run yet.
    void answersMap(runtime.db, assessmentId).then((answered) => {
      if (active && !userDrove.current) setPos(firstUnanswered(groups, (id) => countsAsAnswered(answered[id])));
    });
    return () => {
      active = false;
    };
  }, [lateTeamSync, runtime, assessmentId, groups]);
  const position = pos ?? { domainIndex: 0, questionIndex: 0 };
  const question = questionAt(groups, position);
  const answer = question ? live.answers.get(question.id) : undefined;
  const locked = live.submit.phase === 'waiting' || live.submit.phase === 'sending';
  const others = members.filter((m) => m.id !== userId);
  const progress = useMemo(
    () =>
      groups.map((g) => ({
        answered: g.questions.filter((q) => countsAsAnswered(live.answers.get(q.id))).length,
        total: g.questions.length,
        toConfirm: g.questions.filter((q) => isToConfirm(live.answers.get(q.id))).length,
      })),
    [groups, live.answers],
  );
  const conflicts = useMemo(() => [...live.answers.values()].filter((a) => a.syncState === 'conflict'), [live.answers]);

  const go = (next: Position | null) => next && moveTo(next);
  const answerWith = async (value: AnswerValue) => {
    if (!question || locked) return;
    userDrove.current = true;
    // The write starts in this turn; a fast save renders nothing for the flag (see use-saving-flag.ts).
    const res = await saving.track(runtime.recordAnswer({ assessmentId, questionId: question.id, value }));
    if (!res.ok) notify(res.message, 'error');
  };
  const onSubmit = () => saving.afterSave(submitNow);
  const submitNow = () => {
    const missing = data.questions.filter((q) => !isAnswered(q.id));
    if (missing.length) {
      const toConfirm = missing.filter((q) => isToConfirm(live.answers.get(q.id))).length;
      const detail = toConfirm ? `, ${toConfirm} of them to re-confirm` : '';
      void appAlert(`Please answer every question before submitting (${missing.length} left${detail}).`, 'Not ready to submit');
      return;
    }
    if (conflicts.length) {
      void appAlert('Resolve the conflicting answers before submitting.', 'Not ready to submit');
      return;
    }
    void submitApi.submit();
  };
  const resolve = async (choice: 'mine' | 'theirs') => {
    if (!question) return;
    const res = await runtime.resolveConflict(assessmentId, question.id, choice);
    setDialog(null);
    if (!res.ok) notify(res.message, 'error');
  };
  /**
   * "Confirm unchanged answers" of the domain on screen: the still-carried answers are counted, the
   * user confirms that number, and each is saved as any answer (local store + outbox) marked bulk.
   * A save finds an answer confirmed or changed since (a teammate's, pulled) and leaves it as it is.
   */
  const confirmDomain = async () => {
    const group = groups[position.domainIndex];
    if (!group || locked) return;
    const carried = group.questions.flatMap((q) => {
      const a = live.answers.get(q.id);
      return a && isToConfirm(a) ? [{ questionId: q.id, value: a.value }] : [];
    });
    if (!carried.length) return;
    const text = confirmCarriedText(carried.length, group.domain.name);
    if (!(await appConfirm(text.message, { title: text.title, confirmLabel: text.confirmLabel }))) return;
    userDrove.current = true;
    let confirmed = 0;
    for (const c of carried) {
      const res = await saving.track(runtime.recordAnswer({ assessmentId, ...c, bulk: true }));
      if (!res.ok) {
        notify(confirmed ? `${plural(confirmed, 'answer')} confirmed; the rest were not: ${res.message}` : res.message, 'error');
        return;
      }
      confirmed += 1;
    }
    notify(`${plural(confirmed, 'answer')} confirmed in ${group.domain.name}`, 'success');
  };
  const answered = countsAsAnswered(answer);
  // A Next pressed while the answer is being written moves once the write has finished.
  const next = () => answered && !isLastPosition(groups, position) && saving.afterSave(() => go(nextPosition(groups, position)));

  useQuestionKeys(
    { onYes: () => void answerWith('yes'), onNo: () => void answerWith('no'), onPrevious: () => go(previousPosition(groups, position)), onNext: next },
    !dialog && !!question,
  );

  if (!question) return null;
  const count = groups[position.domainIndex]!.questions.length;
  return (
    <div className="space-y-6">
      <QuestionnaireHeader
        assessmentId={assessmentId}
        answered={data.questions.filter((q) => isAnswered(q.id)).length}
        total={data.questions.length}
        toConfirm={progress.reduce((n, p) => n + p.toConfirm, 0)}
        conflicts={conflicts.length}
        onReviewConflict={() => {
          const at = conflicts[0] && positionOf(groups, conflicts[0].questionId);
          if (!at) return;
          moveTo(at);
          setDialog('conflict');
        }}
      />
      {!online && live.submit.phase === 'none' && (
        <Alert tone="warning" title="You are offline">
          Your answers are saved on this device and will be sent when you reconnect.
        </Alert>
      )}
      {live.submit.phase !== 'none' && (
        <SubmitBanner state={live.submit} sending={submitApi.sending} online={online} progress={sendingText(live.queue)} onCancel={() => void submitApi.cancel()} />
      )}
      <DomainTabs groups={groups} active={position.domainIndex} progress={progress} onSelect={(i) => moveTo({ domainIndex: i, questionIndex: 0 })} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="space-y-4">
        <ConfirmCarried
          domainName={groups[position.domainIndex]!.domain.name}
          count={progress[position.domainIndex]?.toConfirm ?? 0}
          disabled={locked}
          onConfirm={() => void confirmDomain()}
        />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <QuestionCard
            question={question}
            number={position.questionIndex + 1}
            count={count}
            answer={answer}
            deferral={live.deferrals.get(question.id)}
            userId={userId}
            locked={locked}
            canDefer={members.length > 1}
            onAnswer={(v) => void answerWith(v)}
            onDefer={() => setDialog('defer')}
            onResolve={() => setDialog('conflict')}
            footer={
              <QuestionnaireFooter
                canPrevious={!!previousPosition(groups, position)}
                isLast={isLastPosition(groups, position)}
                answered={answered}
                saving={saving}
                online={online}
                submitting={submitApi.sending}
                submitQueued={locked}
                onPrevious={() => go(previousPosition(groups, position))}
                onNext={next}
                onSubmit={onSubmit}
              />
            }
          />
          <QuestionGuidance question={question} evidence={renderEvidence?.(question.id, locked)} />
        </div>
      </div>
      <DeferDialog
        key={`defer-${question.id}`}
        open={dialog === 'defer'}
        members={others}
        currentHolder={live.deferrals.get(question.id)?.deferredTo ?? null}
        onClose={() => setDialog(null)}
        onDefer={(m) => {
          setDialog(null);
          void runtime.recordDeferral({ assessmentId, questionId: question.id, deferToUserId: m.id, deferToName: fullName(m.first_name, m.last_name) }).then((res) => {
            if (!res.ok) return notify(res.message, 'error');
            notify(`Deferred to ${fullName(m.first_name, m.last_name)}`, 'success');
            go(nextPosition(groups, position));
          });
        }}
      />
      {answer?.conflict && (
        <ConflictDialog
          open={dialog === 'conflict'}
          questionText={question.question_text}
          mine={answer.value}
          theirs={answer.conflict}
          onClose={() => setDialog(null)}
          onKeepMine={() => void resolve('mine')}
          onUseTheirs={() => void resolve('theirs')}
        />
      )}
    </div>
  );
}
