// The organization's session limits (ADR 042), inside the Sign-in security card: an idle timeout
// (minutes) and a maximum session age (hours); empty means no limit. Saved with PUT
// /api/organization/security; the server checks the bounds and audits the change.
import { useState, type FormEvent } from 'react';
import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '#domain/contracts/accounts.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { setSessionLimits } from '../api/organization-api.ts';

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** '' is no limit; otherwise a whole number within bounds, else the message. */
function parse(value: string, bounds: { min: number; max: number }, message: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const v = value.trim();
  if (v === '') return { ok: true, value: null };
  const n = Number(v);
  return Number.isInteger(n) && n >= bounds.min && n <= bounds.max ? { ok: true, value: n } : { ok: false, message };
}

export function SessionLimitsForm({ idleMinutes, maxHours, onSaved }: { idleMinutes: number | null | undefined; maxHours: number | null | undefined; onSaved: () => Promise<void> }) {
  const { notify } = useToast();
  const [idle, setIdle] = useState(text(idleMinutes));
  const [max, setMax] = useState(text(maxHours));
  const [errors, setErrors] = useState<{ idle?: string; max?: string }>({});
  const save = useServerMutation((body: { sessionIdleMinutes: number | null; sessionMaxHours: number | null }) => setSessionLimits(body), {
    onSuccess: async (res) => {
      notify(res.message, 'success');
      await onSaved();
    },
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const a = parse(idle, SESSION_IDLE_MINUTES, SESSION_MSG.idleBounds);
    const b = parse(max, SESSION_MAX_HOURS, SESSION_MSG.maxAgeBounds);
    setErrors({ ...(a.ok ? {} : { idle: a.message }), ...(b.ok ? {} : { max: b.message }) });
    if (!a.ok || !b.ok) return;
    const res = await save.run({ sessionIdleMinutes: a.value, sessionMaxHours: b.value });
    if (!res.ok) notify(messageOf(res, 'The session settings could not be saved'), 'error');
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 space-y-4 border-t border-slate-100 pt-5" aria-labelledby="session-limits-title">
      <div>
        <h3 id="session-limits-title" className="font-medium text-slate-900">
          Session limits
        </h3>
        <p className="text-sm text-slate-600">Members are signed out after this long without using the app, or this long after signing in. Leave empty for no limit.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Idle timeout (minutes)"
          inputMode="numeric"
          value={idle}
          onChange={(e) => setIdle(e.target.value)}
          error={errors.idle ?? null}
          hint={`${SESSION_IDLE_MINUTES.min} to ${SESSION_IDLE_MINUTES.max}`}
          optional
        />
        <Field
          label="Maximum session age (hours)"
          inputMode="numeric"
          value={max}
          onChange={(e) => setMax(e.target.value)}
          error={errors.max ?? null}
          hint={`${SESSION_MAX_HOURS.min} to ${SESSION_MAX_HOURS.max}`}
          optional
        />
      </div>
      <Button type="submit" variant="secondary" loading={save.pending}>
        Save session limits
      </Button>
    </form>
  );
}
