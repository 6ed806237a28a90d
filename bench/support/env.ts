/** Settings of a benchmark run, read from the environment (a bad value stops the run with its name) or the command line. */

/** The value after `flag` on the command line (how a bench hands settings to the processes it starts). */
export function arg(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i === -1 ? undefined : process.argv[i + 1];
}

export function requiredArg(flag: string): string {
  const value = arg(flag);
  if (value === undefined) throw new Error(`missing ${flag}`);
  return value;
}

export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function envInt(name: string, fallback: number): number {
  const value = envNumber(name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number`);
  return value;
}

/** A comma-separated list; with `allowed`, every value must be one of them. */
export function envList<T extends string>(name: string, fallback: string, allowed?: readonly T[]): T[] {
  const values = (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
  if (allowed) for (const v of values) if (!allowed.includes(v as T)) throw new Error(`${name}: unknown value ${v} (use ${allowed.join(', ')})`);
  return values as T[];
}
