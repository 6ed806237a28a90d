import type { AppContext } from '../../context.ts';

export const DEMO_PASSWORD = 'inkhaven-demo';

/** Placeholder until the demo seed lands. */
export async function seedDemo(_ctx: AppContext, _opts: { log: (m: string) => void }): Promise<void> {}
