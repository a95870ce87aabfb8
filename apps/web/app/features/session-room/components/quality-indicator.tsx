import { useTranslation } from 'react-i18next';
import { cn } from '#app/ui/cn';
import type { Quality } from '../lib/quality';

export type IndicatorState = Quality | 'connecting' | 'reconnecting' | 'waiting';

const BARS: Record<IndicatorState, number> = { good: 3, fair: 2, poor: 1, connecting: 0, reconnecting: 0, waiting: 0 };
const TONE: Record<IndicatorState, string> = {
  good: 'bg-emerald-400',
  fair: 'bg-amber-400',
  poor: 'bg-red-500',
  connecting: 'bg-slate-400',
  reconnecting: 'bg-red-500',
  waiting: 'bg-slate-400',
};

/** The connection-quality indicator: three bars and a word, announced politely when it changes. */
export function QualityIndicator({
  state,
  rttMs,
  lossPercent,
}: {
  state: IndicatorState;
  rttMs?: number | null;
  lossPercent?: number;
}) {
  const { t } = useTranslation();
  const detail =
    rttMs !== undefined && rttMs !== null && (state === 'good' || state === 'fair' || state === 'poor')
      ? t('sessionRoom.quality.detail', { rtt: rttMs, loss: lossPercent ?? 0 })
      : undefined;
  return (
    <div
      role="status"
      aria-live="polite"
      title={detail}
      data-testid="connection-quality"
      data-quality={state}
      className="flex items-center gap-2 rounded-full bg-slate-900/70 px-3 py-1 text-xs font-medium text-white"
    >
      <span aria-hidden="true" className="flex items-end gap-0.5">
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={cn('w-1 rounded-sm', bar <= BARS[state] ? TONE[state] : 'bg-white/30')}
            style={{ height: `${4 + bar * 3}px` }}
          />
        ))}
      </span>
      <span>{t(`sessionRoom.quality.${state}`)}</span>
    </div>
  );
}
