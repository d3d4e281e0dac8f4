import { EngineRouteError } from './http.ts';
import { type Check, notAvailable, pass } from './types.ts';

/** The engine and its version where the engine exposes one: informative, it never fails. */
export const engineCheck: Check = {
  id: 'engine',
  title: 'engine and version',
  needsModel: false,
  async run(ctx) {
    const engine = ctx.setup.engine.id;
    let version: string | null;
    try {
      version = await ctx.api.version(ctx.http);
    } catch (e) {
      if (!(e instanceof EngineRouteError)) throw e;
      return notAvailable(`${engine}: ${ctx.api.routes.version} failed: ${(e as Error).message}`);
    }
    if (version === null) return notAvailable(`${engine} (serving.engine): ${ctx.api.routes.version} does not answer, so the version is unknown (is the server really ${engine}?)`);
    return pass(`${engine} ${version} (${ctx.api.routes.version})`);
  },
};
