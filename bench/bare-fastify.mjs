// The baseline for bench/daemon-eval.mjs: a bare fastify server with one POST route that parses the same JSON
// body and answers a small JSON verdict, doing nothing else. Prints its url on stdout once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/json/eval', async () => ({ decision: 'allow', matched: [], durationMs: 0 }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`http://127.0.0.1:${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
