/**
 * `npm run preview`'s first step: is there a built site to serve? Without one, astro preview stopped with its own
 * error and stack trace, which told a newcomer who had not run the demo yet nothing about `npm run demo`.
 * package.json passes it the arguments given to `npm run preview -- …` (a shell function, so `--outDir` is seen here
 * and by astro preview alike).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The folder astro preview serves: `--outDir DIR` or `--outDir=DIR`, else dist/. */
export function previewDir(args: string[]): string {
  let dir = 'dist';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--outDir' && args[i + 1] !== undefined) dir = args[++i]!;
    else if (a.startsWith('--outDir=')) dir = a.slice('--outDir='.length);
  }
  return dir;
}

if (import.meta.main) {
  const dir = previewDir(process.argv.slice(2));
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`npm run preview: no site to serve in ${dir} (no index.html): build it first with \`npm run demo\` (simulated data) or \`npm run build\` (results/)`);
    process.exit(1);
  }
}
