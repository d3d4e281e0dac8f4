/**
 * A real .svelte component compiled with Svelte's compiler for the server (as the build does) and loaded from a
 * temporary folder, with the .svelte components it imports compiled the same way. Render it with svelte/server.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Component } from 'svelte';
import { compile } from 'svelte/compiler';

export async function loadComponent<P extends Record<string, unknown>>(path: string): Promise<Component<P>> {
  const out = mkdtempSync(join(tmpdir(), 'ut-svelte-'));
  const done = new Map<string, string>();
  const build = (file: string): string => {
    const known = done.get(file);
    if (known) return known;
    const target = join(out, `${done.size}-${basename(file)}.js`);
    done.set(file, target);
    const { js } = compile(readFileSync(file, 'utf8'), { generate: 'server', filename: file });
    // Point the compiled module's imports at absolute URLs so it can run from the temporary folder.
    const code = js.code.replace(/from '([^']+)'/g, (_, spec: string) => {
      if (!spec.startsWith('.')) return `from '${import.meta.resolve(spec)}'`;
      const abs = resolve(dirname(file), spec);
      return `from '${pathToFileURL(abs.endsWith('.svelte') ? build(abs) : abs).href}'`;
    });
    writeFileSync(target, code);
    return target;
  };
  return ((await import(pathToFileURL(build(resolve(path))).href)) as { default: Component<P> }).default;
}
