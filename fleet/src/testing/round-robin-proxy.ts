// Test support: the smallest load balancer, an HTTP proxy on loopback that hands each request to the next app
// server in turn (per request, not per connection: a browser keeps its connection alive, and a per-connection
// balancer would send a whole login to one server). Every answer says which server gave it in `x-served-by` (the
// server's index), so a test can show that a login started on one server and finished on the other.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SERVED_BY_HEADER = 'x-served-by';

export class RoundRobinProxy {
  /** `http://127.0.0.1:<port>`: give it to the app servers as their public URL. */
  readonly url: string;
  private backends: readonly URL[] = [];
  private next = 0;

  private constructor(private readonly server: Server) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Listening before the app servers start, since they need its URL; requests fail with 502 until `balance`. */
  static async start(): Promise<RoundRobinProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const proxy = new RoundRobinProxy(server);
    server.on('request', (req, res) => {
      if (proxy.backends.length === 0) {
        res.writeHead(502).end('round-robin proxy: no app server yet');
        return;
      }
      const index = proxy.next++ % proxy.backends.length;
      const target = proxy.backends[index]!;
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: String(index) });
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(`round-robin proxy: ${target.href} failed: ${error.message}`);
      });
      req.pipe(upstream);
    });
    return proxy;
  }

  /** The app servers to take turns, in order (index 0 answers the next request). */
  balance(backendUrls: readonly string[]): void {
    this.backends = backendUrls.map((url) => new URL(url));
    this.next = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
