import assert from 'node:assert/strict';

/**
 * The batch/v1 Job rules a manifest must meet, from the Kubernetes API reference (Job v1 batch, PodSpec,
 * Container): apiVersion/kind; metadata.name (a DNS label here, since Indexed pods get hostnames from it);
 * spec.template required; template.spec.containers required and non-empty, each with a name and an image;
 * template.spec.restartPolicy Never or OnFailure for Jobs; initContainers may set restartPolicy only to Always
 * (sidecars); completionMode Indexed needs completions; backoffLimitPerIndex only with Indexed; every
 * volumeMount names a volume of the pod; an httpGet or tcpSocket probe without a host connects to the pod IP
 * (HTTPGetAction.host, TCPSocketAction.host; the kubelet connects from the node), so it cannot reach a server
 * whose command binds --host 127.0.0.1: such a container needs an exec probe.
 */
function checkJob(doc: any): any {
  assert.equal(doc.apiVersion, 'batch/v1');
  assert.equal(doc.kind, 'Job');
  assert.match(doc.metadata.name, /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
  const pod = doc.spec.template.spec;
  assert.ok(['Never', 'OnFailure'].includes(pod.restartPolicy));
  assert.ok(Array.isArray(pod.containers) && pod.containers.length > 0);
  const volumes = new Set((pod.volumes ?? []).map((v: any) => v.name));
  const all = [...(pod.initContainers ?? []), ...pod.containers];
  const names = all.map((c: any) => c.name);
  assert.equal(new Set(names).size, names.length, 'container names are unique');
  for (const c of all) {
    assert.match(c.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    assert.equal(typeof c.image, 'string');
    assert.ok(Array.isArray(c.command) && c.command.every((a: unknown) => typeof a === 'string'), `${c.name}: command is a list of strings`);
    for (const m of c.volumeMounts ?? []) assert.ok(volumes.has(m.name), `${c.name}: volume ${m.name}`);
    const loopback = c.command.some((a: string, i: number) => a === '--host' && /^(127\.|localhost$|::1$)/.test(c.command[i + 1] ?? ''));
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'].map((k) => c[k]).filter(Boolean)) {
      const net = probe.httpGet ?? probe.tcpSocket;
      assert.ok(!(loopback && net), `${c.name}: its server binds loopback, and a network probe goes to the pod IP (its host, if set, is looked up by the kubelet, outside the pod)`);
    }
  }
  for (const c of pod.initContainers ?? []) assert.ok(c.restartPolicy === undefined || c.restartPolicy === 'Always');
  for (const c of pod.containers) assert.equal(c.restartPolicy, undefined, 'regular containers have no restartPolicy');
  if (doc.spec.backoffLimitPerIndex !== undefined) assert.equal(doc.spec.completionMode, 'Indexed');
  if (doc.spec.completionMode === 'Indexed') assert.ok(Number.isInteger(doc.spec.completions));
  return pod;
}

/** The shard Job: Indexed, N completions run in parallel. Returns the shard container. */
export function checkIndexedJob(doc: any, n: number): any {
  const pod = checkJob(doc);
  assert.equal(doc.spec.completionMode, 'Indexed');
  assert.equal(doc.spec.completions, n);
  assert.equal(doc.spec.parallelism, n);
  const shard = pod.containers.find((c: any) => c.name === 'shard');
  assert.ok(shard);
  return shard;
}

/** The merge Job: waits for N shard markers, then merges all N. */
export function checkMergeJob(doc: any, n: number): void {
  const pod = checkJob(doc);
  assert.equal(doc.spec.completionMode, undefined);
  assert.match(pod.initContainers[0].command.join(' '), new RegExp(`-ge ${n} \\]`));
  assert.equal((pod.containers[0].command[2].match(/--merge "\$DURABLE\/shards\/\d+"/g) ?? []).length, n);
}
