/**
 * Where the benchmark's data lives, relative to the repository root (see benchmark/README.md). The one home of
 * these paths: the site reads them directly, the runner joins them onto its root (runners may import src/lib).
 */
const DATA_DIR = 'benchmark';
/** The probe suites, one file per version (v<N>.yaml); the highest version is the current one. */
export const SUITES_DIR = `${DATA_DIR}/suites`;
/** The suite file of a version, as a reproduce command names it. */
export const suiteFile = (version: number): string => `${SUITES_DIR}/v${version}.yaml`;
/** The suite a run or a rejudge uses when --suite is not given. */
export const CURRENT_SUITE_FILE = suiteFile(2);
/** Reviewed policy (CODEOWNERS): judges that can make a result verified, and their control thresholds. */
export const APPROVED_JUDGES_FILE = `${DATA_DIR}/policy/approved-judges.yaml`;
/** Reviewed policy: the engine flags a submission may set. */
export const ENGINE_ARGS_FILE = `${DATA_DIR}/policy/engine-args.yaml`;
/** The label definitions of a taxonomy version (a suite's and a judge prompt's `taxonomy_version`). */
export const taxonomyFile = (version: number): string => `${DATA_DIR}/taxonomy/v${version}.yaml`;
