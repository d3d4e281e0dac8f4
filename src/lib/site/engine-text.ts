/** Words for the engine a run was served by (provenance.engine_settings; absent in older results). */
import type { Provenance } from '../../schema/index.ts';

/**
 * "vllm; sent with every completion: skip_special_tokens=false; streamed; user turns cut at the stop markers by the runner".
 * A simulated run names the simulator first: engine_settings records the engine the run was configured for, which the
 * simulator only stood in for.
 */
export function engineText(p: Pick<Provenance, 'engine_settings' | 'simulated'>): string {
  const e = p.engine_settings;
  if (!e) return p.simulated ? 'simulator (engine not recorded: a result written before engine settings were stamped)' : 'not recorded (a result written before engine settings were stamped)';
  const fields = Object.entries(e.extra_body).map(([k, v]) => `${k}=${String(v)}`);
  return [
    p.simulated ? `simulator (standing in for ${e.engine})` : e.engine,
    fields.length ? `sent with every completion: ${fields.join(', ')}` : 'no engine-specific request fields',
    ...(e.streamed === undefined ? [] : [e.streamed ? 'streamed' : 'not streamed']),
    e.runner_cuts_stops ? 'user turns cut at the stop markers by the runner' : 'user turns as the engine stopped them',
  ].join('; ');
}
