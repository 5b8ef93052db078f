import autocannon from 'autocannon';

/** Answers of one phase of a load: 2xx, other statuses, and requests that got no answer (connection cut). */
export interface PhaseCount {
  ok: number;
  non2xx: number;
  errors: number;
}

/**
 * Load that runs until stopped, counting answers by the phase they arrived in (issue #13: what visitors see while
 * nothing happens, while a process dies, during a rolling restart). Set `phase` as the phases change; `stop()`
 * ends the load and answers autocannon's totals. Used by the cluster suite and the cluster bench.
 */
export function phasedLoad(o: { url: string; connections: number; requests: autocannon.Request[]; phase: string }) {
  const perPhase: Record<string, PhaseCount> = {};
  const state = { phase: o.phase, stopped: false };
  const tally = () => (perPhase[state.phase] ??= { ok: 0, non2xx: 0, errors: 0 });
  let instance!: autocannon.Instance;
  const result = new Promise<autocannon.Result>((done, fail) => {
    // The cap only guards against a phase that never ends; stop() ends the load.
    instance = autocannon({ url: o.url, connections: o.connections, duration: 900, requests: o.requests }, (err, r) => (err ? fail(err) : done(r)));
  });
  instance.on('response', (_client, status) => void (status >= 200 && status < 300 ? tally().ok++ : tally().non2xx++));
  // Requests that stop() itself cuts are not the cluster's doing.
  instance.on('reqError', () => void (state.stopped || tally().errors++));
  return {
    perPhase,
    get phase() {
      return state.phase;
    },
    set phase(p: string) {
      state.phase = p;
    },
    stop() {
      state.stopped = true;
      instance.stop();
      return result;
    },
  };
}
