// The organization's score and domain percentages across every submitted assessment, oldest first.
import type { TrendView } from '#domain/contracts/cycles.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';

export function getTrend(signal?: AbortSignal): Promise<TrendView> {
  return call(client.assessments.trend.$get({}, abortable(signal)));
}
