import { describe, expect, it } from 'vitest';
import { qualityOf, sampleFrom } from './quality';

const report = (stats: Array<Record<string, unknown>>) => ({
  forEach: (callback: (stat: never) => void) => {
    for (const stat of stats) callback(stat as never);
  },
});

describe('connection quality', () => {
  it('reads the selected pair round trip and the incoming packets of audio and video', () => {
    const sample = sampleFrom(
      report([
        { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.042 },
        { type: 'candidate-pair', state: 'failed', nominated: false, currentRoundTripTime: 3 },
        { type: 'inbound-rtp', kind: 'video', packetsReceived: 900, packetsLost: 10 },
        { type: 'inbound-rtp', kind: 'audio', packetsReceived: 100, packetsLost: -1 },
        { type: 'outbound-rtp', packetsSent: 5000 },
      ]),
    );
    expect(sample).toEqual({ rttMs: 42, packetsReceived: 1000, packetsLost: 10 });
  });

  it('is good, fair or poor by round trip and by the loss since the last reading', () => {
    const first = { rttMs: 40, packetsReceived: 1000, packetsLost: 100 };
    // An old burst of loss does not count once the packets flow again.
    expect(qualityOf(first, { rttMs: 40, packetsReceived: 2000, packetsLost: 100 })).toEqual({
      quality: 'good',
      rttMs: 40,
      lossPercent: 0,
    });
    expect(qualityOf(first, { rttMs: 250, packetsReceived: 2000, packetsLost: 100 }).quality).toBe('fair');
    expect(qualityOf(first, { rttMs: 40, packetsReceived: 1950, packetsLost: 150 })).toMatchObject({
      quality: 'fair',
      lossPercent: 5,
    });
    expect(qualityOf(first, { rttMs: 40, packetsReceived: 1800, packetsLost: 300 }).quality).toBe('poor');
    expect(qualityOf(first, { rttMs: 800, packetsReceived: 2000, packetsLost: 100 }).quality).toBe('poor');
    expect(qualityOf(null, { rttMs: null, packetsReceived: 0, packetsLost: 0 }).quality).toBe('good');
  });
});
