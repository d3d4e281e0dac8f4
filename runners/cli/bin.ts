#!/usr/bin/env node
import { runMain } from './main.ts';

runMain(process.argv.slice(2));
