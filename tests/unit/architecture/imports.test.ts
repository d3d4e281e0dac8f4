/**
 * Imports point one way: runners -> src/lib -> src/schema, and src/pages|components|layouts|data -> src/lib ->
 * src/schema. Nothing in src/ imports runners/; src/schema imports only zod; runners/cli is the top of the runner
 * graph; no import cycles between files, nor between the folders of runners/. See CONTRIBUTING.md ("Where code goes").
 */
import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { cycles, type ImportEdge, importGraph, sourceFiles } from '../../helpers/import-graph.ts';

const files = sourceFiles(['runners', 'src', 'bench']);
const { edges, unresolved } = importGraph(files);
const fileEdges = edges.filter((e) => !e.bare);

const SITE_ROOMS = ['src/pages/', 'src/components/', 'src/layouts/', 'src/data/', 'src/integrations/'];
const inSite = (path: string): boolean => SITE_ROOMS.some((room) => path.startsWith(room));

interface Rule {
  name: string;
  breaks: (edge: ImportEdge) => boolean;
}

const RULES: Rule[] = [
  {
    name: 'nothing in src/ imports runners/',
    breaks: (e) => e.from.startsWith('src/') && e.to.startsWith('runners/'),
  },
  {
    name: 'src/schema imports only zod and its own files',
    breaks: (e) => e.from.startsWith('src/schema/') && (e.bare ? !/^zod(\/|$)/.test(e.to) : !e.to.startsWith('src/schema/')),
  },
  {
    name: 'src/lib imports only src/lib and src/schema (no pages, components, layouts, data)',
    breaks: (e) => e.from.startsWith('src/lib/') && !e.bare && !/^src\/(lib|schema)\//.test(e.to),
  },
  {
    name: 'src/lib does no file or process IO (no node:fs, node:child_process): it is shared with the browser',
    breaks: (e) => e.from.startsWith('src/lib/') && /^node:(fs|child_process)(\/|$)/.test(e.to),
  },
  {
    name: 'runners/ imports from src/ only src/lib and src/schema (site rooms are not runner code)',
    breaks: (e) => e.from.startsWith('runners/') && inSite(e.to),
  },
  {
    name: 'runners/cli is the top of the runner graph: only runners/cli imports it',
    breaks: (e) =>
      e.to.startsWith('runners/cli/') && !e.from.startsWith('runners/cli/'),
  },
];

test('every relative import names an existing file', () => {
  assert.deepEqual(unresolved, []);
});

test('the graph covers runners/, src/ and bench/ (.ts, .svelte and .astro files)', () => {
  for (const ext of ['.ts', '.svelte', '.astro']) {
    assert.ok(files.some((f) => f.endsWith(ext)), `no ${ext} file found`);
    assert.ok(fileEdges.some((e) => e.from.endsWith(ext)), `no import read from a ${ext} file`);
  }
});

for (const rule of RULES) {
  test(`rule: ${rule.name}`, () => {
    const broken = edges.filter(rule.breaks).map((e) => `${e.from} imports ${e.to}: breaks "${rule.name}"`);
    assert.deepEqual(broken, []);
  });
}

test('no import cycle between files', () => {
  const found = cycles(fileEdges.map((e) => [e.from, e.to]));
  assert.deepEqual(found.map((c) => `file import cycle: ${c}`), []);
});

test('no import cycle between the folders of runners/ (a folder and its own subfolders count as one)', () => {
  const folderEdges: Array<[string, string]> = fileEdges
    .filter((e) => e.from.startsWith('runners/') && e.to.startsWith('runners/'))
    .map((e): [string, string] => [dirname(e.from), dirname(e.to)])
    .filter(([a, b]) => !(a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)));
  const found = cycles(folderEdges);
  assert.deepEqual(found.map((c) => `folder import cycle: ${c}`), []);
});
