import { unique } from '../../support/unique.js';
import type { EngineContext } from './engine-test-app.js';

/** Creates a widget (test kind) as `token`; its code is unique unless given. */
export async function createWidget(
  ctx: EngineContext,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const res = await ctx.e.request('POST', '/widgets', token, { code: unique('w'), title: 'A widget', ...fields });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
