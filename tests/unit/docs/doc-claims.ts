/**
 * Claims the newcomer-facing docs make that a script can check: repository paths named in backticks or links,
 * `npm run <script>` names, and `userturn <command> --flag` uses. Figures are checked by hand (docs say when
 * and where they were measured).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** README.md, CONTRIBUTING.md and every docs/*.md, relative to the repository root. */
export const docFiles = (root: string): string[] => [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
];

const TOP = /^(runners|src|tests|benchmark|docs|bench|public|submissions|\.github|\.ci)\//;
const ROOT_FILES = /^(package\.json|astro\.config\.mjs|tsconfig\.json|playwright\.config\.ts|README\.md|CONTRIBUTING\.md|LICENSE)$/;
/** Placeholders and globs (`v<N>.yaml`, `*.test.ts`, `{a,b}`, `…`) name a pattern, not a file. */
const PATTERN = /[<>*{}…$]/;
/** This project's file kinds; other kinds (an engine's `src/llama-vocab.cpp`) name files of other projects. */
const OWN_KIND = /(^|\/)[^./]+$|\.(ts|mjs|astro|svelte|css|md|yaml|yml|json|jsonl|jinja|sh|txt)$|\/$/;

export interface Claim {
  doc: string;
  line: number;
  text: string;
}

function lines(root: string, doc: string): string[] {
  return readFileSync(join(root, doc), 'utf8').split('\n');
}

/** Paths in inline code or fenced code (first word of the span) and in Markdown links, as written from the root. */
export function pathClaims(root: string, doc: string): Claim[] {
  const out: Claim[] = [];
  lines(root, doc).forEach((l, i) => {
    const spans = [...l.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
    const links = [...l.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((t) => !/^[a-z]+:/.test(t))
      .map((t) => (doc.startsWith('docs/') && !t.startsWith('../') ? `docs/${t}` : t.replace(/^\.\.\//, '')));
    for (const raw of [...spans, ...links]) {
      const t = raw.replace(/[.,:;)]+$/, '').replace(/:\d+$/, '');
      if (PATTERN.test(t) || !OWN_KIND.test(t) || !(TOP.test(t) || ROOT_FILES.test(t))) continue;
      out.push({ doc, line: i + 1, text: t });
    }
  });
  return out;
}

/** `npm run <name>` and `npm run -s <name>` uses. */
export function npmScriptClaims(root: string, doc: string): Claim[] {
  const out: Claim[] = [];
  lines(root, doc).forEach((l, i) => {
    for (const m of l.matchAll(/npm run (?:-s )?([a-z][a-z0-9:_-]*)/g)) out.push({ doc, line: i + 1, text: m[1]! });
  });
  return out;
}

/**
 * `userturn <command> … --flag` on one line (a trailing backslash continues it), inside code: one claim per flag,
 * plus one with empty text for the command itself.
 */
export function cliFlagClaims(root: string, doc: string): Array<Claim & { command: string }> {
  const out: Array<Claim & { command: string }> = [];
  const ls = lines(root, doc);
  for (let i = 0; i < ls.length; i++) {
    let text = ls[i]!;
    for (let j = i; text.endsWith('\\') && j + 1 < ls.length; j++) text = text.slice(0, -1) + ' ' + ls[j + 1]!;
    const codes = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const inFence = fenced(ls, i);
    for (const code of inFence ? [text] : codes) {
      for (const m of code.matchAll(/userturn(?: --)? ([a-z][a-z-]*)((?: +[^\s|;&#]+)*)/g)) {
        out.push({ doc, line: i + 1, command: m[1]!, text: '' }); // the command itself
        for (const f of m[2]!.matchAll(/(?:^|\s)(--[a-z][a-z0-9-]*)/g)) out.push({ doc, line: i + 1, command: m[1]!, text: f[1]! });
      }
    }
  }
  return out;
}

function fenced(ls: string[], i: number): boolean {
  let inside = false;
  for (let k = 0; k < i; k++) if (ls[k]!.trimStart().startsWith('```')) inside = !inside;
  return inside;
}

/** Environment variables of this project (`USERTURN_*`, `E2E_*`) the docs name. */
export function envClaims(root: string, doc: string): Claim[] {
  const out: Claim[] = [];
  lines(root, doc).forEach((l, i) => {
    for (const m of l.matchAll(/\b((?:USERTURN|E2E)_[A-Z0-9_]+)/g)) out.push({ doc, line: i + 1, text: m[1]! });
  });
  return out;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export const headingSlug = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');

/** Links with a `#fragment` to a Markdown file of the repository, as [file from the root, fragment]. */
export function anchorClaims(root: string, doc: string): Array<Claim & { file: string }> {
  const out: Array<Claim & { file: string }> = [];
  lines(root, doc).forEach((l, i) => {
    for (const m of l.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(m[1]!)) continue;
      const file = m[1] === '' ? doc : join(doc, '..', m[1]!);
      if (file.endsWith('.md')) out.push({ doc, line: i + 1, text: m[2]!, file });
    }
  });
  return out;
}

/** The anchors of a Markdown file's headings. */
export const anchorsOf = (root: string, file: string): Set<string> =>
  new Set(lines(root, file).flatMap((l) => (/^#+\s/.test(l) ? [headingSlug(l.replace(/^#+\s+/, ''))] : [])));

/** Globs over repository files in code spans (`tests/unit/runner/*.test.ts`): each must match something. */
export function globClaims(root: string, doc: string): Claim[] {
  const out: Claim[] = [];
  lines(root, doc).forEach((l, i) => {
    for (const m of l.matchAll(/(?<![\w/.-])((?:runners|src|tests|benchmark|docs|bench)\/[\w./-]*\*[\w.*/-]*\.[a-z]+)/g)) out.push({ doc, line: i + 1, text: m[1]! });
  });
  return out;
}
