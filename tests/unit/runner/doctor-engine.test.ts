import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engineCheck } from '../../../runners/doctor/check-engine.ts';
import { engineApi } from '../../../runners/doctor/engine-api.ts';
import type { Http, HttpAnswer } from '../../../runners/doctor/http.ts';
import type { DoctorContext } from '../../../runners/doctor/types.ts';

/** A server answering `routes` (path → JSON) and 404 to anything else. */
function fakeHttp(routes: Record<string, unknown>): Http {
  const answer = async (url: string): Promise<HttpAnswer> => {
    const path = new URL(url).pathname;
    return path in routes ? { ok: true, status: 200, json: routes[path] } : { ok: false, status: 404, text: 'not found' };
  };
  return { baseURL: 'http://h/v1', root: 'http://h', get: answer, post: answer };
}
const check = (engine: string, routes: Record<string, unknown>) =>
  engineCheck.run({ setup: { engine: { id: engine } }, http: fakeHttp(routes), api: engineApi(engine) } as unknown as DoctorContext);

describe('doctor engine check: which engine the server is', () => {
  it("passes on the submission engine's version route, even when another engine's answers too", async () => {
    assert.deepEqual(await check('vllm', { '/version': { version: '0.11.0' }, '/api/version': { version: '0.12.0' } }), { status: 'pass', detail: 'vllm 0.11.0 (GET /version)' });
    assert.deepEqual(await check('ollama', { '/api/version': { version: '0.12.0' } }), { status: 'pass', detail: 'ollama 0.12.0 (GET /api/version)' });
  });

  it("fails when only another engine's version route answers", async () => {
    const r = await check('sglang', { '/version': { version: '0.11.0' } });
    assert.equal(r.status, 'fail');
    assert.match(r.detail, /^the server is vLLM 0\.11\.0 \(it answers GET \/version, not SGLang's GET \/get_server_info\), but serving\.engine is sglang/);
  });

  it('stays n/a when nothing identifies the engine', async () => {
    const r = await check('vllm', {});
    assert.equal(r.status, 'n/a');
    assert.match(r.detail, /does not answer, so the version is unknown/);
  });
});
