import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The runner runs as TypeScript in a clone (type stripping) and as compiled JavaScript in the npm package
 * (dist-cli/). A module that names another module by path, not by import (a worker, a child process, a command
 * loaded by name), uses these so the name has the extension the code is running as.
 */
export const moduleExt = (metaUrl: string): string => extname(fileURLToPath(metaUrl));

/** `./name` next to the module at `metaUrl`, with that module's own extension (.ts or .js). */
export const siblingModule = (metaUrl: string, name: string): URL => new URL(`./${name}${moduleExt(metaUrl)}`, metaUrl);

/** The nearest folder above `metaUrl` whose package.json is userturn's: the repository root, or the installed package. */
export function packageRoot(metaUrl: string): string {
  let dir = dirname(fileURLToPath(metaUrl));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'userturn') return dir;
    } catch {
      // no package.json here: keep looking upwards
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`no userturn package.json above ${fileURLToPath(metaUrl)}`);
    dir = up;
  }
}

/** The version in userturn's package.json. */
export const packageVersion = (metaUrl: string): string =>
  (JSON.parse(readFileSync(join(packageRoot(metaUrl), 'package.json'), 'utf8')) as { version: string }).version;
