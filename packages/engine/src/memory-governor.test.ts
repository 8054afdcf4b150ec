import { describe, expect, it } from 'vitest';
import { createMemoryGovernor, type GovernorLimits, type StopReason } from './memory-governor.js';

const MB = 2 ** 20;

/** A fake process: resident size and clock set by the test; operations report what the test says they hold. */
function fakeProcess(limits: Partial<GovernorLimits> = {}) {
  let rssBytes = 500 * MB;
  let t = 1_000;
  const g = createMemoryGovernor({ ceilingBytes: 1000 * MB, minVictimBytes: 64 * MB, staleMs: 100, cooldownMs: 200, ...limits }, { sample: () => ({ rssBytes, callerBytes: 0 }), now: () => t });
  const op = (budgetMb: number) => {
    const state = { ownBytes: 0, reportedAtMs: 0, silent: false, working: true, stopped: null as StopReason | null };
    g.register({
      budgetBytes: budgetMb * MB,
      read: () => (state.reportedAtMs ? { ownBytes: state.ownBytes, reportedAtMs: state.reportedAtMs, working: state.working } : null),
      stop: (reason) => { state.stopped = reason; },
    });
    return {
      state,
      /** The worker holds `mb` now and says so (unless it is busy in a synchronous step). */
      holds: (mb: number) => { state.ownBytes = mb * MB; if (!state.silent) state.reportedAtMs = t; },
    };
  };
  return {
    g, op,
    /** Time passes by `ms` with the process at `mb`; live workers report at every step. */
    step: (ms: number, mb: number, live: { state: { reportedAtMs: number; silent: boolean } }[] = []) => {
      t += ms;
      rssBytes = mb * MB;
      for (const o of live) if (!o.state.silent) o.state.reportedAtMs = t;
      g.tick();
    },
  };
}

describe('memory governor', () => {
  it('does not stop a small operation when the process is over its ceiling because of other work', () => {
    const p = fakeProcess();
    const small = p.op(384);
    small.holds(40);
    p.step(20, 540, [small]);
    // Other requests and the web process grow by 900 MB while the small operation keeps reporting 40 MB.
    for (let mb = 640; mb <= 1440; mb += 100) p.step(20, mb, [small]);
    expect(small.state.stopped).toBeNull();
  });

  it('stops the operation holding the most when the process is over its ceiling, and only that one', () => {
    const p = fakeProcess();
    const small = p.op(384);
    const big = p.op(1536);
    small.holds(40);
    big.holds(100);
    p.step(20, 640, [small, big]);
    big.holds(700);
    p.step(20, 1240, [small, big]);
    expect(big.state.stopped).toBe('pressure');
    expect(small.state.stopped).toBeNull();
  });

  it('stops an operation over its own budget even when the process has room, as too complex', () => {
    const p = fakeProcess();
    const o = p.op(384);
    o.holds(400);
    p.step(20, 900, [o]);
    expect(o.state.stopped).toBe('over_budget');
  });

  it('charges growth to the operation that stopped reporting while it happened, not to the one that reports', () => {
    const p = fakeProcess();
    const small = p.op(384);
    const bomb = p.op(384);
    small.holds(30);
    bomb.holds(30);
    p.step(20, 560, [small, bomb]);
    bomb.state.silent = true;
    // The bomb decodes a stream in one synchronous step: the process grows, only the small one still reports.
    for (let mb = 660; mb <= 1160; mb += 100) p.step(50, mb, [small, bomb]);
    expect(bomb.state.stopped).not.toBeNull();
    expect(small.state.stopped).toBeNull();
  });

  it('waits for the freed memory to show before stopping another operation', () => {
    const p = fakeProcess();
    const a = p.op(1536);
    const b = p.op(1536);
    a.holds(400);
    b.holds(300);
    p.step(20, 1300, [a, b]);
    expect(a.state.stopped).toBe('pressure');
    p.step(20, 1300, [b]);
    expect(b.state.stopped).toBeNull();
    p.step(300, 1300, [b]);
    expect(b.state.stopped).toBe('pressure');
  });

  it('charges no growth to a worker still loading the engine, which cannot be reading its file yet', () => {
    const p = fakeProcess();
    const starting = p.op(384);
    starting.state.working = false;
    starting.holds(30);
    const other = p.op(1536);
    other.holds(30);
    p.step(20, 560, [starting, other]);
    starting.state.silent = true;
    other.state.silent = true;
    for (let mb = 660; mb <= 1160; mb += 100) p.step(50, mb, [starting, other]);
    expect(starting.state.stopped).toBeNull();
    expect(other.state.stopped).not.toBeNull();
  });

  it('charges most of the growth to the worker silent longest', () => {
    const p = fakeProcess({ ceilingBytes: 5000 * MB });
    const bomb = p.op(1536);
    const small = p.op(1536);
    bomb.holds(30);
    small.holds(30);
    p.step(20, 560, [bomb, small]);
    bomb.state.silent = true;
    for (let i = 0; i < 10; i++) p.step(50, 560 + (i + 1) * 50, [bomb, small]);
    small.state.silent = true;
    for (let i = 0; i < 4; i++) p.step(50, 1060 + (i + 1) * 50, [bomb, small]);
    const [bombMb, smallMb] = p.g.charges().map((b) => b / MB);
    expect(bombMb!).toBeGreaterThan(600);
    expect(smallMb!).toBeLessThan(120);
  });
});
