import { pickServedModel } from '../client/model-lookup.ts';
import { refusedHint } from '../client/refused-hint.ts';
import { servedAliases } from '../client/served-aliases.ts';
import { v1Hint } from '../client/v1-hint.ts';
import { oneLine } from '../core/terminal-text.ts';
import { servedNames } from '../engines/serve-command.ts';
import { EngineRouteError, type HttpAnswer } from './http.ts';
import { type Check, fail, pass } from './types.ts';

/** The served model and its name (GET /v1/models): the name every probe request carries. */
export const modelCheck: Check = {
  id: 'model',
  title: 'served model',
  needsModel: false,
  async run(ctx) {
    let a: HttpAnswer;
    try {
      a = await ctx.http.get(`${ctx.http.baseURL}/models`);
    } catch (e) {
      if (e instanceof EngineRouteError && e.code === 'ECONNREFUSED') return fail(`${e.message}; ${refusedHint([ctx.http.baseURL])}`);
      throw e;
    }
    if (!a.ok) {
      return fail(`${ctx.http.baseURL}/models: HTTP ${a.status}${a.status === 404 ? v1Hint(ctx.http.baseURL) : ''}`);
    }
    const data = (a.json as { data?: Array<{ id?: unknown }> }).data;
    const ids = Array.isArray(data) ? data.map((m) => m.id).filter((x): x is string => typeof x === 'string') : [];
    if (ids.length === 0) return fail('/v1/models lists no model');
    if (ctx.wantedModel !== undefined && !ids.includes(ctx.wantedModel)) return fail(`--model "${ctx.wantedModel}" is not served (served: ${ids.map(oneLine).join(', ')})`);
    const sub = ctx.setup.submission;
    // The model a run would pick (client/endpoints.ts).
    const picked = ctx.wantedModel === undefined ? pickServedModel(ids, servedNames(sub)) : { model: ctx.wantedModel };
    if ('problem' in picked) return fail(`/v1/models ${picked.problem}`);
    // llama.cpp lists its model while it loads it (EngineBehaviour.readyRoute): every other check would get 503s.
    const readyRoute = ctx.setup.engine.readyRoute;
    if (readyRoute !== null) {
      const ready = await ctx.http.get(`${ctx.http.baseURL}/${readyRoute}`);
      if (ready.status === 503) return fail(`"${oneLine(picked.model)}" is listed but not loaded yet: ${ctx.http.baseURL}/${readyRoute} answers 503; run doctor again once it answers 200`);
    }
    ctx.model = picked.model;
    // vLLM served under several names answers under the first: the generation and stop checks take those answers.
    for (const alias of servedAliases(a.json, picked.model)) ctx.client.answerAliases.add(alias);
    // serve-cmd serves the model under the submission id; another name is allowed (the runner sends whatever is served), but worth seeing.
    const named = ctx.model === sub.id ? 'the submission id, as serve-cmd names it' : `serve-cmd would name it "${sub.id}"`;
    return pass(`"${oneLine(ctx.model)}" (${named}; weights ${sub.hf.repo}@${sub.hf.revision})`);
  },
};
