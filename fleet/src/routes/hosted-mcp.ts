// POST /mcp: the hosted MCP (spec, Hosted MCP; Authentication 6) — streamable HTTP MCP for clients that send their
// licence key as `Authorization: Bearer`. Stateless, as the issue requires of app servers: every request gets a
// fresh MCP server and transport (no session id, no SSE stream kept open), built from the caller's licence and the
// organization's rules read from the store, so any app server behind a balancer can answer any request. GET and
// DELETE, which only sessions use, are 405.
//
// Refusals are JSON-RPC error objects (what an MCP client reads) with HTTP 401/403, and 401 carries
// `WWW-Authenticate: Bearer` so clients know a bearer token is what is missing.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { callerOrganization } from '../hosted-mcp/caller-organization';
import { hostedRules } from '../hosted-mcp/hosted-rules';
import { createHostedMcpServer } from '../hosted-mcp/hosted-tools';
import { BearerRefusal, licenceBearerVerifier } from '../hosted-mcp/licence-bearer';
import type { LicenceSigner } from '../licences/licence-signer';
import type { FleetStore } from '../store/fleet-store';

export const HOSTED_MCP_PATH = '/mcp';
/** An MCP message carries one tool call; a megabyte leaves room for a large file write and refuses the absurd. */
const MAX_MCP_BODY_BYTES = 1024 * 1024;
/** JSON-RPC's server-error range; the SDK answers its own transport errors with -32000. */
const UNAUTHORIZED = -32001;

export interface HostedMcpOptions {
  store: Pick<FleetStore, 'organizations' | 'members' | 'orgRules'>;
  /** The fleet's licence signer: only licences it signed are accepted. */
  signer: Pick<LicenceSigner, 'issuer' | 'issuerFile'>;
  /** Epoch milliseconds, for licence expiry. */
  now?: () => number;
}

/** The id of a single JSON-RPC request, so a refusal answers it; null when there is none to answer. */
function requestId(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

const jsonRpcError = (reply: FastifyReply, status: number, code: number, message: string, id: string | number | null) =>
  reply.code(status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id });

export const hostedMcpRoutes =
  ({ store, signer, now = Date.now }: HostedMcpOptions): FastifyPluginAsync =>
  async (app) => {
    const bearer = licenceBearerVerifier(signer, now);

    app.post(HOSTED_MCP_PATH, { bodyLimit: MAX_MCP_BODY_BYTES }, async (request, reply) => {
      let orgId: string | null;
      try {
        orgId = await callerOrganization(store, await bearer.verify(request.headers.authorization));
      } catch (error) {
        if (!(error instanceof BearerRefusal)) throw error;
        if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
        return jsonRpcError(reply, error.statusCode, UNAUTHORIZED, error.message, requestId(request.body));
      }
      const server = createHostedMcpServer(await hostedRules(store.orgRules, orgId));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The transport writes the raw response itself; headers set so far (HSTS) go with it.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    });

    const sessionsOnly = async (_request: unknown, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .type('application/json')
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'the hosted MCP is stateless: send each message with POST /mcp' },
          id: null,
        });
    app.get(HOSTED_MCP_PATH, sessionsOnly);
    app.delete(HOSTED_MCP_PATH, sessionsOnly);
  };
