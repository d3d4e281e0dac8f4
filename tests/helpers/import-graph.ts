/**
 * The project's file-level import graph, read with the TypeScript pre-processor (no type checking, so it is fast):
 * .ts files whole, the <script> blocks of .svelte files, and the frontmatter and <script> blocks of .astro files.
 * Relative specifiers are resolved to repository paths; bare ones ('zod', 'node:fs', 'astro:content') are kept as is.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface ImportEdge {
  /** Repository path of the importing file, e.g. 'src/lib/site/rank.ts'. */
  from: string;
  /** Repository path of the imported file, or the bare specifier ('zod', 'node:fs'). */
  to: string;
  /** True when `to` is a bare specifier (a package or a builtin), not a file of this repository. */
  bare: boolean;
}

const SOURCE_EXTENSIONS = ['.ts', '.svelte', '.astro'];

/** Every .ts/.svelte/.astro file under the given repository folders, as repository paths. */
export function sourceFiles(folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(REPO_ROOT, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(REPO_ROOT, path)).isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return out.sort();
}

/** The script text of one file: all of a .ts file; the code parts of .svelte and .astro files. */
export function scriptText(path: string, text: string): string {
  if (path.endsWith('.ts')) return text;
  const blocks = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  if (path.endsWith('.astro')) {
    const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (frontmatter) blocks.unshift(frontmatter[1] ?? '');
  }
  return blocks.join('\n');
}

/** Import specifiers of one script text: static imports, re-exports, dynamic import() and import type. */
export function specifiers(script: string): string[] {
  return ts.preProcessFile(script, true, true).importedFiles.map((f) => f.fileName);
}

/** The repository path a relative specifier names; undefined when no such file exists. */
export function resolveRelative(fromPath: string, specifier: string): string | undefined {
  const bare = resolve(REPO_ROOT, dirname(fromPath), specifier.replace(/[?#].*$/, ''));
  const candidates = [bare, bare.replace(/\.js$/, '.ts'), `${bare}.ts`, join(bare, 'index.ts')];
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return hit === undefined ? undefined : relative(REPO_ROOT, hit);
}

/** All import edges of the given files; relative specifiers that name no file are returned in `unresolved`. */
export function importGraph(files: string[]): { edges: ImportEdge[]; unresolved: string[] } {
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const from of files) {
    const script = scriptText(from, readFileSync(join(REPO_ROOT, from), 'utf8'));
    for (const spec of specifiers(script)) {
      if (!spec.startsWith('.')) {
        edges.push({ from, to: spec, bare: true });
        continue;
      }
      const to = resolveRelative(from, spec);
      if (to === undefined) unresolved.push(`${from} imports '${spec}', which names no file`);
      else edges.push({ from, to, bare: false });
    }
  }
  return { edges, unresolved };
}

/**
 * Every cycle of a directed graph, one per strongly connected component (Tarjan), each printed as a path that
 * starts and ends at the same node: 'a -> b -> a'. Self-loops count as cycles.
 */
export function cycles(edges: Array<[string, string]>): string[] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a)?.push(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) visit(w);
      if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set<string>();
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
      onStack.delete(w);
      component.add(w);
    }
    if (component.size > 1 || (next.get(v) ?? []).includes(v)) found.push(cyclePath(v, component, next));
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** One concrete cycle through `start` inside its component, found by breadth-first search back to `start`. */
function cyclePath(start: string, component: Set<string>, next: Map<string, string[]>): string {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() as string;
    for (const w of next.get(v) ?? []) {
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== start && u !== undefined; u = parent.get(u)) path.splice(1, 0, u);
        return [...path, start].join(' -> ');
      }
      if (component.has(w) && !parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component].join(' -> ');
}
