import { oneLine } from '../core/terminal-text.ts';
import { ADAPTERS, type EngineId } from '../engines/behaviour.ts';
import { ENGINE_APIS } from './engine-api.ts';
import { EngineRouteError, type Http } from './http.ts';
import { type Check, fail, notAvailable, pass } from './types.ts';

/** The engine's label ("vLLM"), or the id of one the table does not know. */
const label = (id: string): string => ADAPTERS[id as EngineId]?.label ?? id;

/**
 * The first other engine whose version route answers, or null: a server that identifies as that engine. Every route
 * asked at once; one that fails or is missing says nothing.
 */
async function otherEngine(http: Http, engine: string): Promise<{ id: string; version: string; route: string } | null> {
  const others = ENGINE_APIS.filter(([id]) => id !== engine);
  const found = await Promise.all(others.map(([, api]) => api.version(http).catch((e: unknown) => (e instanceof EngineRouteError ? null : Promise.reject(e)))));
  const i = found.findIndex((v) => v !== null);
  return i < 0 ? null : { id: others[i]![0], version: found[i]!, route: others[i]![1].routes.version };
}

/**
 * The engine and its version where the engine exposes one. It fails only when the server does not answer the
 * submission engine's version route and answers another engine's: a run would send the wrong requests (vLLM's
 * settings to Ollama, whose /v1/completions templates every prompt a second time), and this check used to pass.
 * Nothing identifying the engine is "n/a".
 */
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
    if (version !== null) return pass(`${engine} ${version} (${ctx.api.routes.version})`);
    const other = await otherEngine(ctx.http, engine);
    if (other) {
      return fail(`the server is ${label(other.id)} ${oneLine(other.version)} (it answers ${other.route}, not ${label(engine)}'s ${ctx.api.routes.version}), but serving.engine is ${engine}: a run would send ${label(engine)}'s requests to ${label(other.id)}; serve the model with ${label(engine)}, or set serving.engine: ${other.id}`);
    }
    return notAvailable(`${engine} (serving.engine): ${ctx.api.routes.version} does not answer, so the version is unknown (is the server really ${engine}?)`);
  },
};
