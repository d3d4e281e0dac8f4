/**
 * Where the benchmark's data lives, relative to the repository root (see benchmark/README.md). The one home of
 * these paths: the site reads them directly, the runner joins them onto its root (runners may import src/lib).
 */
const DATA_DIR = 'benchmark';
/**
 * Another benchmark folder (holding suites/, policy/, taxonomy/) to use instead of the repository's (or the
 * installed package's) benchmark/: for trying a new suite version without touching either.
 */
export const BENCHMARK_DIR_ENV = 'USERTURN_BENCHMARK_DIR';
/** A path named here (`benchmark/…`) inside the folder `dir` that stands in for benchmark/. */
export const inBenchmarkDir = (path: string, dir: string): string => `${dir.replace(/\/+$/, '')}${path.slice(DATA_DIR.length)}`;
/** The probe suites, one file per version (v<N>.yaml); the highest version is the current one. */
export const SUITES_DIR = `${DATA_DIR}/suites`;
/** The suite file of a version, as a reproduce command names it. */
export const suiteFile = (version: number): string => `${SUITES_DIR}/v${version}.yaml`;
/** The version a suite file's name gives (`v12.yaml` → 12), or null for any other name. */
export function suiteVersionOfName(name: string): number | null {
  const m = /^v([1-9][0-9]{0,8})\.yaml$/.exec(name);
  return m ? Number(m[1]) : null;
}
/** Why a suite file's name does not fit its `version` (the current suite is found by name), or null when it does. */
export function suiteNameMismatch(name: string, version: number): string | null {
  return suiteVersionOfName(name) === version ? null : `is ${version}, so the file must be named v${version}.yaml`;
}
/**
 * The current suite, the one a run uses when --suite is not given: the highest v<N>.yaml among the file names of
 * the suites folder, in numeric order (v10 is newer than v9). Null when there is none. No pointer to edit: adding
 * a suite version is adding its file.
 */
export function currentSuiteName(names: readonly string[]): string | null {
  let best: { name: string; version: number } | null = null;
  for (const name of names) {
    const version = suiteVersionOfName(name);
    if (version !== null && (best === null || version > best.version)) best = { name, version };
  }
  return best?.name ?? null;
}
/** Reviewed policy (CODEOWNERS): judges that can make a result verified, and their control thresholds. */
export const APPROVED_JUDGES_FILE = `${DATA_DIR}/policy/approved-judges.yaml`;
/** Reviewed policy: the engine flags a submission may set. */
export const ENGINE_ARGS_FILE = `${DATA_DIR}/policy/engine-args.yaml`;
/** The label definitions of a taxonomy version (a suite's and a judge prompt's `taxonomy_version`). */
export const taxonomyFile = (version: number): string => `${DATA_DIR}/taxonomy/v${version}.yaml`;

/**
 * The journal a result folder (results/<id>/) holds while its files are being put in place (runners/results/
 * folder-commit.ts). A folder that still has it was left by a run stopped mid-commit: not a result until finished.
 */
export const COMMIT_JOURNAL = '.commit.json';

/** The one-line reason a result folder with a commit journal is refused (validate, the site build). */
export const UNFINISHED_COMMIT = `this result was being put in place when its run was stopped (${COMMIT_JOURNAL} is left beside it); rerun the same userturn command to finish it`;
