// The ceiling for bench/daemon-eval.mjs: the daemon's own HTTP layer — the same fastify set-up, Host check, token
// check, JSON body parser and eval route with its schemas — answering a constant verdict, with no spending check,
// rules, audit or ledger behind it. The gap between this and the bare route is what the product's HTTP surface
// costs before any evaluation. Prints its url on stdout once listening; the token is SSG_BENCH_TOKEN.
// Run by daemon-eval.mjs as: node --import tsx bench/daemon-http-layer.mjs
import { randomBytes } from 'node:crypto';
import { evalRoutes } from '../daemon/src/routes/eval.ts';
import { buildApp } from '../daemon/src/server/app.ts';

const verdict = { decision: 'allow', decidedBy: 'rules', auditId: 1, matched: [], durationMs: 0 };
const constantPipeline = { evaluate: async () => verdict };
let port = 0;
const app = await buildApp({
  // The hooks' credential, as the hooks send it; the admin one is never used here.
  credentials: { hookToken: process.env.SSG_BENCH_TOKEN, adminToken: randomBytes(32).toString('hex') },
  port: () => port,
  routes: [evalRoutes(constantPipeline)],
});
await app.listen({ host: '127.0.0.1', port: 0 });
port = app.server.address().port;
console.log(`http://127.0.0.1:${port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
