/**
 * A read every caller needs to have started after it asked (to see what was committed before), shared
 * among callers: one who arrives while a read is in flight waits for it to end and then shares the
 * next read with everyone else who arrived meanwhile. Alone, a caller gets a read of its own at once;
 * under load, one statement answers many callers instead of each sending its own.
 */
export class SharedRead<Input, Output> {
  private running: Promise<Output> | null = null;
  private next: { inputs: Input[]; result: Promise<Output> } | null = null;

  constructor(private readonly read: (inputs: Input[]) => Promise<Output>) {}

  /** The output of a read started after this call, asked with `input` (among others). */
  run(input: Input): Promise<Output> {
    if (!this.running) return this.start([input]);
    if (this.next) {
      this.next.inputs.push(input);
      return this.next.result;
    }
    const inputs = [input];
    const settled = this.running.then(
      () => undefined,
      () => undefined,
    );
    const result = settled.then(() => {
      this.next = null;
      return this.start(inputs);
    });
    this.next = { inputs, result };
    return result;
  }

  private start(inputs: Input[]): Promise<Output> {
    const reading: Promise<Output> = this.read(inputs).finally(() => {
      if (this.running === reading) this.running = null;
    });
    this.running = reading;
    return reading;
  }
}
