export type Quality = 'good' | 'fair' | 'poor';

/** What one getStats() reading says about the connection (incoming RTP summed over audio and video). */
export interface StatsSample {
  rttMs: number | null;
  packetsReceived: number;
  packetsLost: number;
}

interface StatLike {
  type: string;
  state?: string;
  nominated?: boolean;
  selected?: boolean;
  currentRoundTripTime?: number;
  packetsReceived?: number;
  packetsLost?: number;
}

/** Reads the selected candidate pair's round trip and the incoming packets from a stats report. */
export function sampleFrom(report: { forEach(callback: (stat: StatLike) => void): void }): StatsSample {
  let rttMs: number | null = null;
  let packetsReceived = 0;
  let packetsLost = 0;
  report.forEach((stat) => {
    if (stat.type === 'candidate-pair' && stat.state === 'succeeded' && (stat.nominated || stat.selected)) {
      if (typeof stat.currentRoundTripTime === 'number') rttMs = Math.round(stat.currentRoundTripTime * 1000);
    }
    if (stat.type === 'inbound-rtp') {
      packetsReceived += stat.packetsReceived ?? 0;
      packetsLost += Math.max(0, stat.packetsLost ?? 0);
    }
  });
  return { rttMs, packetsReceived, packetsLost };
}

/**
 * The connection-quality indicator: good below 200 ms round trip and 2% loss, fair below 500 ms
 * and 8%, poor beyond. Loss is measured between two readings (the last couple of seconds), so an
 * old burst does not keep the indicator red.
 */
export function qualityOf(
  previous: StatsSample | null,
  current: StatsSample,
): { quality: Quality; rttMs: number | null; lossPercent: number } {
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const total = Math.max(0, received) + Math.max(0, lost);
  const lossPercent = total > 0 ? Math.round((Math.max(0, lost) / total) * 1000) / 10 : 0;
  const rtt = current.rttMs ?? 0;
  const quality: Quality = rtt < 200 && lossPercent < 2 ? 'good' : rtt < 500 && lossPercent < 8 ? 'fair' : 'poor';
  return { quality, rttMs: current.rttMs, lossPercent };
}
