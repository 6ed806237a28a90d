/** Connection quality from one `RTCPeerConnection.getStats()` report (issue 12 §3). */

export type CallQuality = {
  /** Round-trip time of the selected candidate pair, in milliseconds. */
  rttMs: number | null;
  /** Share of incoming packets lost since the call connected, 0–100. */
  lossPercent: number | null;
  /** Video frames decoded from the other person so far. */
  framesDecoded: number;
  label: 'good' | 'fair' | 'poor' | 'unknown';
};

function qualityLabel(rttMs: number | null, lossPercent: number | null): CallQuality['label'] {
  if (rttMs === null && lossPercent === null) return 'unknown';
  if ((lossPercent ?? 0) > 5 || (rttMs ?? 0) > 400) return 'poor';
  if ((lossPercent ?? 0) > 1 || (rttMs ?? 0) > 150) return 'fair';
  return 'good';
}

/** Round-trip time, packet loss and decoded frames from one getStats report. */
export function readQuality(report: RTCStatsReport): CallQuality {
  let rttMs: number | null = null;
  let lost = 0;
  let received = 0;
  let framesDecoded = 0;
  report.forEach((s: Record<string, unknown>) => {
    if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded' && typeof s.currentRoundTripTime === 'number') rttMs = Math.round(s.currentRoundTripTime * 1000);
    if (s.type === 'inbound-rtp') {
      lost += typeof s.packetsLost === 'number' ? Math.max(0, s.packetsLost) : 0;
      received += typeof s.packetsReceived === 'number' ? s.packetsReceived : 0;
      if (s.kind === 'video' && typeof s.framesDecoded === 'number') framesDecoded += s.framesDecoded;
    }
  });
  const lossPercent = lost + received > 0 ? Math.round((lost / (lost + received)) * 1000) / 10 : null;
  return { rttMs, lossPercent, framesDecoded, label: qualityLabel(rttMs, lossPercent) };
}
