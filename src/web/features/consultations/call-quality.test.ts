import { describe, expect, it } from 'vitest';
import { readQuality } from './call-quality.ts';

/** A getStats report as Chromium shapes it: a map of stats objects by id. */
const report = (stats: Array<Record<string, unknown>>) => new Map(stats.map((s, i) => [String(i), s])) as unknown as RTCStatsReport;

describe('readQuality', () => {
  it('reads the selected pair’s round-trip time, the loss over all incoming streams and the decoded video frames', () => {
    const q = readQuality(
      report([
        { type: 'candidate-pair', nominated: false, state: 'succeeded', currentRoundTripTime: 0.9 },
        { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.0421 },
        { type: 'inbound-rtp', kind: 'video', packetsLost: 2, packetsReceived: 998, framesDecoded: 120 },
        { type: 'inbound-rtp', kind: 'audio', packetsLost: 0, packetsReceived: 1000 },
      ]),
    );
    expect(q).toEqual({ rttMs: 42, lossPercent: 0.1, framesDecoded: 120, label: 'good' });
  });

  it('labels poor and fair connections, and says unknown before any figures', () => {
    expect(readQuality(report([{ type: 'inbound-rtp', kind: 'video', packetsLost: 10, packetsReceived: 90, framesDecoded: 1 }])).label).toBe('poor');
    expect(readQuality(report([{ type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.2 }])).label).toBe('fair');
    expect(readQuality(report([]))).toEqual({ rttMs: null, lossPercent: null, framesDecoded: 0, label: 'unknown' });
  });
});
