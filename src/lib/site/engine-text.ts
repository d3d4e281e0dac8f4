/** Words for the engine a run was served by (provenance.engine_settings; absent in older results). */
import type { Provenance, RunInfo } from '../../schema/index.ts';

/**
 * The versions the endpoints reported (run.engine_versions), as words after the engine's name: "0.11.0", "0.10.2 and
 * 0.11.0 (the endpoints differed)", with "(an endpoint reported none)" when one did not say; null when none was reported.
 */
function versionWords(versions: RunInfo['engine_versions']): string | null {
  const known = (versions ?? []).flatMap((v) => (v.version === null ? [] : [v.version]));
  if (known.length === 0) return null;
  const notes = [...(known.length > 1 ? ['the endpoints differed'] : []), ...(versions!.some((v) => v.version === null) ? ['an endpoint reported none'] : [])];
  return `${known.join(' and ')}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

/**
 * "vllm 0.11.0; sent with every completion: skip_special_tokens=false; streamed; user turns cut at the stop markers by
 * the runner". The version is what the engine's own route reported (absent in older results: the name alone). A
 * simulated run names the simulator first: engine_settings records the engine the run was configured for, which the
 * simulator only stood in for, and the version is the simulator's imitation.
 */
export function engineText(p: Pick<Provenance, 'engine_settings' | 'simulated'>, run?: Pick<RunInfo, 'engine_versions'>): string {
  const e = p.engine_settings;
  if (!e) return p.simulated ? 'simulator (engine not recorded: a result written before engine settings were stamped)' : 'not recorded (a result written before engine settings were stamped)';
  const fields = Object.entries(e.extra_body).map(([k, v]) => `${k}=${String(v)}`);
  const version = versionWords(run?.engine_versions);
  const served = p.simulated ? `simulator (standing in for ${e.engine})${version ? `, reporting version ${version}` : ''}` : version ? `${e.engine} ${version}` : e.engine;
  return [
    served,
    fields.length ? `sent with every completion: ${fields.join(', ')}` : 'no engine-specific request fields',
    ...(e.streamed === undefined ? [] : [e.streamed ? 'streamed' : 'not streamed']),
    e.runner_cuts_stops ? 'user turns cut at the stop markers by the runner' : 'user turns as the engine stopped them',
  ].join('; ');
}
