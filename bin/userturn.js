#!/usr/bin/env node
// The `userturn` command. In a clone the TypeScript sources run directly (Node strips the types), so `npx userturn`
// works after `npm ci` with nothing built; an installed package has no sources, only the compiled JavaScript that
// `npm pack` builds into dist-cli/ (prepack).
import { existsSync } from 'node:fs';

// An older Node (a system one) fails on the first import with its own stack trace ("Unknown file extension .ts",
// or node:sqlite missing): say what is needed instead. Kept as plain JavaScript every Node can read.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`userturn needs Node.js >= 22.18; this is ${process.versions.node} (${process.execPath}). In a clone, run it through npx userturn or npm run userturn -- …, which use the Node that npm ci installs; elsewhere install Node.js >= 22.18\n`);
  process.exit(1);
}

const source = new URL('../runners/cli/bin.ts', import.meta.url);
await import(existsSync(source) ? source : new URL('../dist-cli/runners/cli/bin.js', import.meta.url));
