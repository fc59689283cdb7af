// The score across every submitted assessment, oldest first: an SVG line for the total (0–140,
// with the pass threshold), each domain's percentage as small multiples on request, and the same
// numbers as a table. The SVG is drawn at the width of its box (a viewBox in pixels), so its text
// keeps its size on a phone and on a desktop; the page never scrolls sideways.
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown, TrendingUp } from 'lucide-react';
import type { TrendView } from '#domain/contracts/cycles.ts';
import { trendSummary } from '#domain/cycles/compare.ts';
import { MAX_SCORE, PASS_THRESHOLD_POINTS } from '#domain/scoring/policy.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table.tsx';
import { useServerQuery } from '../../../lib/server-data/index.ts';
import { cn } from '../../../utils/cn.ts';
import { formatDate } from '#domain/dates.ts';
import { getTrend } from '../api/get-trend.ts';

/** The box's content width in CSS pixels (ResizeObserver); `fallback` until it is measured. */
function useBoxWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (w: number) => w > 0 && setWidth(Math.round(w));
    measure(el.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

interface LineChartProps {
  title: string;
  desc: string;
  values: readonly (number | null)[];
  /** One per value (x axis; also each point's tooltip). */
  labels: readonly string[];
  max: number;
  ticks: readonly number[];
  unit?: string;
  threshold?: { value: number; label: string };
  compact?: boolean;
  testId?: string;
}

/** Runs of consecutive values (a domain an assessment did not score breaks the line). */
function runsOf(points: readonly ({ x: number; y: number } | null)[]): { x: number; y: number }[][] {
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  for (const p of points) {
    if (p) run.push(p);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

function LineChart({ title, desc, values, labels, max, ticks, unit = '', threshold, compact = false, testId }: LineChartProps) {
  const [box, width] = useBoxWidth(compact ? 240 : 560);
  const titleId = useId();
  const descId = useId();
  const height = compact ? 120 : 240;
  const pad = compact ? { l: 34, r: 10, t: 12, b: 10 } : { l: 38, r: 12, t: 22, b: 30 };
  const plotW = Math.max(10, width - pad.l - pad.r);
  const plotH = height - pad.t - pad.b;
  const n = values.length;
  // The first and last points sit inside the axes, clear of the tick labels.
  const inset = compact ? 10 : 24;
  const x = (i: number) => (n === 1 ? pad.l + plotW / 2 : pad.l + inset + (i * (plotW - 2 * inset)) / (n - 1));
  const y = (v: number) => pad.t + plotH * (1 - Math.min(max, Math.max(0, v)) / max);
  const points = values.map((v, i) => (v === null ? null : { x: x(i), y: y(v) }));
  // Every x label when they fit (about 80 px each), else the first and the last.
  const everyLabel = !compact && n <= Math.floor(plotW / 80) + 1;
  const valueLabels = !compact && n <= Math.floor(plotW / 34) + 1;
  return (
    <div ref={box} className="w-full" data-testid={testId}>
      <svg role="img" aria-labelledby={titleId} aria-describedby={descId} viewBox={`0 0 ${width} ${height}`} width={width} height={height} className="block max-w-full overflow-visible">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{desc}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={pad.l + plotW} y1={y(t)} y2={y(t)} className="stroke-slate-200" strokeWidth={1} />
            <text x={pad.l - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px] tabular-nums">
              {t}
              {unit}
            </text>
          </g>
        ))}
        {threshold && (
          <g>
            <line x1={pad.l} x2={pad.l + plotW} y1={y(threshold.value)} y2={y(threshold.value)} className="stroke-emerald-700" strokeWidth={1.5} strokeDasharray="6 4" />
            <text x={pad.l + plotW} y={y(threshold.value) - 5} textAnchor="end" className="fill-emerald-800 text-[11px] font-medium">
              {threshold.label}
            </text>
          </g>
        )}
        {runsOf(points).map((run) => (
          <polyline
            key={`${run[0]!.x}`}
            points={run.map((p) => `${p.x},${p.y}`).join(' ')}
            fill="none"
            className="stroke-brand-700"
            strokeWidth={compact ? 2 : 3}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ))}
        {points.map((p, i) =>
          p ? (
            <g key={i}>
              <circle cx={p.x} cy={p.y} r={compact ? 3.5 : 5} className="fill-white stroke-brand-700" strokeWidth={2.5}>
                <title>{`${labels[i]}: ${values[i]}${unit}`}</title>
              </circle>
              {valueLabels && (
                <text x={p.x} y={p.y - 10} textAnchor="middle" className="fill-slate-900 text-xs font-semibold tabular-nums">
                  {values[i]}
                  {unit}
                </text>
              )}
            </g>
          ) : null,
        )}
        {!compact &&
          labels.map((label, i) => {
            const edge = i === 0 || i === n - 1;
            if (!everyLabel && !edge) return null;
            const anchor = n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';
            return (
              <text key={i} x={n === 1 ? x(i) : i === 0 ? x(i) - inset : i === n - 1 ? x(i) + inset : x(i)} y={height - 8} textAnchor={anchor} className="fill-slate-600 text-[11px]">
                {label}
              </text>
            );
          })}
      </svg>
    </div>
  );
}

const pct = (v: number | undefined) => (v === undefined ? '—' : `${v}%`);

/** The trend from a loaded view (rendered on its own by tests). */
export function TrendChart({ view }: { view: TrendView }) {
  const [showDomains, setShowDomains] = useState(false);
  const domainsId = useId();
  const summary = trendSummary(view);
  const dates = view.points.map((p) => formatDate(p.submitted_at));
  const single = view.points.length === 1;
  return (
    <Card data-testid="trend-card">
      <CardHeader icon={<TrendingUp className="size-5" />} title="Score trend" description={summary} />
      <CardBody className="space-y-5">
        <LineChart
          testId="trend-total"
          title={`Total score out of ${MAX_SCORE}, by submitted assessment`}
          desc={`${summary} Pass needs ${PASS_THRESHOLD_POINTS} points and every critical requirement answered Yes.`}
          values={view.points.map((p) => p.total_score)}
          labels={dates}
          max={MAX_SCORE}
          ticks={[0, 35, 70, 105, 140]}
          threshold={{ value: PASS_THRESHOLD_POINTS, label: `Pass ${PASS_THRESHOLD_POINTS}` }}
        />
        {single && <p className="text-sm text-slate-600">A trend needs two submitted assessments; the next one will draw the line.</p>}
        {view.domains.length > 0 && (
          <div>
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={showDomains}
              aria-controls={domainsId}
              onClick={() => setShowDomains((s) => !s)}
              icon={<ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', showDomains && 'rotate-180')} />}
            >
              {showDomains ? 'Hide domains' : 'Show each domain'}
            </Button>
            <div id={domainsId} hidden={!showDomains}>
              {showDomains && (
                <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {view.domains.map((d) => {
                    const values = view.points.map((p) => p.domains[d.id] ?? null);
                    const known = values.filter((v): v is number => v !== null);
                    const words = known.length === 0 ? 'Not scored.' : known.length === 1 ? `${known[0]}%.` : `From ${known[0]}% to ${known[known.length - 1]}%.`;
                    return (
                      <li key={d.id} className="min-w-0 rounded-lg border border-slate-200 p-3" data-testid="trend-domain">
                        <p className="text-sm font-medium text-slate-900">{d.name}</p>
                        <p className="text-xs text-slate-600">{words}</p>
                        <LineChart compact title={`${d.name}, percent by submitted assessment`} desc={words} values={values} labels={dates} max={100} ticks={[0, 50, 100]} unit="%" />
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          </div>
        )}
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-2 hover:underline">Show the numbers as a table</summary>
          <div className="mt-3 -mx-5 sm:-mx-6">
            <Table caption="Score, grade, result and domain percentages of every submitted assessment, oldest first" data-testid="trend-table">
              <THead>
                <Tr>
                  <Th>Submitted</Th>
                  <Th className="text-right">Score</Th>
                  <Th>Grade</Th>
                  <Th>Result</Th>
                  {view.domains.map((d) => (
                    <Th key={d.id} className="text-right">
                      {d.name}
                    </Th>
                  ))}
                </Tr>
              </THead>
              <TBody>
                {view.points.map((p, i) => (
                  <Tr key={p.assessment_id}>
                    <Td className="whitespace-nowrap">{dates[i]}</Td>
                    <Td className="text-right tabular-nums">
                      {p.total_score}/{MAX_SCORE}
                    </Td>
                    <Td>{p.grade}</Td>
                    <Td>{p.pass_fail}</Td>
                    {view.domains.map((d) => (
                      <Td key={d.id} className="text-right tabular-nums">
                        {pct(p.domains[d.id])}
                      </Td>
                    ))}
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </details>
      </CardBody>
    </Card>
  );
}

/** The dashboard card: nothing until an assessment has been submitted (or while loading). */
export function TrendCard() {
  const load = useCallback((signal: AbortSignal) => getTrend(signal), []);
  const res = useServerQuery(['dashboard', 'trend'], load, { offline: true });
  if (!res.data || res.data.points.length === 0) return null;
  return <TrendChart view={res.data} />;
}
