import { describe, expect, it } from 'vitest';
import { SharedRead } from './shared-read.ts';

/** A read whose end the test decides: each call records its inputs and waits to be finished. */
function controlledRead() {
  const calls: Array<{ inputs: number[]; finish: (value: string) => void; fail: (error: Error) => void }> = [];
  const shared = new SharedRead<number, string>(
    (inputs) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ inputs: [...inputs], finish: resolve, fail: reject });
      }),
  );
  return { shared, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SharedRead', () => {
  it('reads at once for a caller alone', async () => {
    const { shared, calls } = controlledRead();
    const answer = shared.run(1);
    expect(calls.map((c) => c.inputs)).toEqual([[1]]);
    calls[0]!.finish('first');
    expect(await answer).toBe('first');
  });

  it('never answers a caller with a read that started before it asked; callers arriving meanwhile share the next read', async () => {
    const { shared, calls } = controlledRead();
    const a = shared.run(1);
    const b = shared.run(2);
    const c = shared.run(3);
    // b and c arrived while a's read was running: they wait for it, then share one read.
    expect(calls).toHaveLength(1);
    calls[0]!.finish('for a');
    expect(await a).toBe('for a');
    await tick();
    expect(calls.map((x) => x.inputs)).toEqual([[1], [2, 3]]);
    // d arrives while b and c's read runs: it gets a read of its own after it.
    const d = shared.run(4);
    calls[1]!.finish('for b and c');
    expect([await b, await c]).toEqual(['for b and c', 'for b and c']);
    await tick();
    expect(calls.map((x) => x.inputs)).toEqual([[1], [2, 3], [4]]);
    calls[2]!.finish('for d');
    expect(await d).toBe('for d');
    // Idle again: the next caller reads at once.
    const e = shared.run(5);
    expect(calls).toHaveLength(4);
    calls[3]!.finish('for e');
    expect(await e).toBe('for e');
  });

  it('a failed read fails its own callers only; the waiting ones still get a read', async () => {
    const { shared, calls } = controlledRead();
    const a = shared.run(1);
    const b = shared.run(2);
    calls[0]!.fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await tick();
    expect(calls.map((x) => x.inputs)).toEqual([[1], [2]]);
    calls[1]!.finish('for b');
    expect(await b).toBe('for b');
  });
});
