/**
 * The one way an error names a field: `serving.base_urls[0]`, `datasets[2].conditions[0].followup.value`. zod's
 * issues, the checks after the schema and the site build all print paths through it (a review found the same field
 * printed `base_urls[0]` by the schema and `base_urls.0` by the policy), and GitHub annotations read it back
 * (runners/validate/github-annotations.ts). It imports nothing, so the browser's checks can use it too.
 */

/** `path` with one more segment: a key after a dot, an array index in brackets. */
export const appendPath = (path: string, seg: PropertyKey): string => (typeof seg === 'number' ? `${path}[${seg}]` : path ? `${path}.${String(seg)}` : String(seg));

/** `a.b[2].c`; `(root)` for the document itself. */
export const formatPath = (path: ReadonlyArray<PropertyKey>): string => path.reduce<string>(appendPath, '') || '(root)';
