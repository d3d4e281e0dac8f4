/**
 * Which suite version a result ran, said on the site. Results of an earlier version stay valid and are shown,
 * labelled with their version; they are not verified (src/lib/verified.ts) and not comparable with current ones.
 */
export interface SuiteVersionInfo {
  version: number;
  current: boolean;
  /** Short label, e.g. "suite v1" or "suite v1 (current: v2)". */
  label: string;
}

export function suiteVersionInfo(resultVersion: number, currentVersion: number): SuiteVersionInfo {
  const current = resultVersion === currentVersion;
  return { version: resultVersion, current, label: current ? `suite v${resultVersion}` : `suite v${resultVersion} (current: v${currentVersion})` };
}

/** Results that ran another suite version than the current one, grouped by version (ascending), for a note. */
export function olderSuiteResults<T extends { submission: { id: string; display_name: string }; provenance: { suite_version: number } }>(
  summaries: readonly T[], currentVersion: number,
): Array<{ version: number; models: Array<{ id: string; name: string }> }> {
  const by = new Map<number, Array<{ id: string; name: string }>>();
  for (const s of summaries) {
    const v = s.provenance.suite_version;
    if (v === currentVersion) continue;
    by.set(v, [...(by.get(v) ?? []), { id: s.submission.id, name: s.submission.display_name }]);
  }
  return [...by].sort(([a], [b]) => a - b).map(([version, models]) => ({ version, models }));
}
