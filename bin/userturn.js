#!/usr/bin/env node
// The `userturn` command. In a clone the TypeScript sources run directly (Node strips the types), so `npx userturn`
// works after `npm ci` with nothing built; an installed package has no sources, only the compiled JavaScript that
// `npm pack` builds into dist-cli/ (prepack).
import { existsSync } from 'node:fs';

const source = new URL('../runners/cli/bin.ts', import.meta.url);
await import(existsSync(source) ? source : new URL('../dist-cli/runners/cli/bin.js', import.meta.url));
