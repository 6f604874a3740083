#!/usr/bin/env node
// Launcher for `ssg-fleet`: the fleet is TypeScript run through tsx, never built, so this registers tsx's loader
// and runs src/main.ts, from any working directory (`npm run fleet -- --help` in the workspace).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
