// The pane socket (GET /api/terminal/socket, a WebSocket): one per window, every pane's input and output on it,
// relayed between the window and the pty host. A browser cannot put headers on a WebSocket, so the window's
// dashboard session token comes as a subprotocol (`ssg-bearer.<token>`, beside `ssg-terminal`); other clients may
// send the admin credential in X-Service-Token. A browser always sends Origin on a WebSocket, and it must be the
// daemon's own: a page elsewhere could otherwise open a socket with a session it had stolen (or, without a token,
// at all). Every message is validated against the contract before it reaches the host.
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SocketClientMessage } from '@ssg/contracts/schemas/terminal';
import {
  type SocketServerMessage,
  TERMINAL_BEARER_PROTOCOL_PREFIX,
  TERMINAL_SOCKET_PATH,
  TERMINAL_SOCKET_PROTOCOL,
} from '@ssg/contracts/terminal';
import { Compile } from 'typebox/compile';
import { foreignOriginProblem } from '../dashboard/session-auth';
import type { TerminalHostProcess } from './terminal-host-process';

/** A paste larger than this is split by the window; a frame larger is refused. */
const MAX_FRAME_BYTES = 256 * 1024;
const validClientMessage = Compile(SocketClientMessage);

export interface TerminalSocketOptions {
  host: TerminalHostProcess;
  /** Whether the request proves a person: the admin credential, or a live dashboard session token. */
  isPerson: (request: FastifyRequest, sessionToken: string | undefined) => boolean;
  /** Throws the 402 when this machine has no subscription (after the person is known, so only they learn that). */
  requireSubscription: () => Promise<void>;
}

/** The session token a window offered as a subprotocol, if any. */
export function offeredSessionToken(request: FastifyRequest): string | undefined {
  const offered = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  const bearer = offered.find((protocol) => protocol.startsWith(TERMINAL_BEARER_PROTOCOL_PREFIX));
  return bearer?.slice(TERMINAL_BEARER_PROTOCOL_PREFIX.length) || undefined;
}

export async function terminalSocket(
  app: FastifyInstance,
  { host, isPerson, requireSubscription }: TerminalSocketOptions,
): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      handleProtocols: (protocols: Set<string>) =>
        protocols.has(TERMINAL_SOCKET_PROTOCOL) ? TERMINAL_SOCKET_PROTOCOL : false,
    },
  });
  app.get(
    TERMINAL_SOCKET_PATH,
    {
      websocket: true,
      // Checked here rather than by the credential hook: the token is in a subprotocol, not a header.
      config: { access: 'public' },
      preValidation: async (request, reply) => {
        if (request.headers.origin !== undefined) {
          const problem = foreignOriginProblem(request);
          if (problem) return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: problem });
        }
        if (!isPerson(request, offeredSessionToken(request))) {
          return reply.code(401).send({
            statusCode: 401,
            error: 'Unauthorized',
            message: `offer the dashboard session as the subprotocol ${TERMINAL_BEARER_PROTOCOL_PREFIX}<token>`,
          });
        }
        await requireSubscription();
      },
    },
    (socket) => {
      const clientId = randomUUID();
      const send = (message: SocketServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const stop = host.onClientSend((clientIds, message) => {
        if (clientIds === 'all' || clientIds.includes(clientId)) send(message);
      });
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        let message: unknown;
        try {
          message = isBinary ? undefined : JSON.parse(data.toString());
        } catch {
          message = undefined;
        }
        if (!validClientMessage.Check(message)) {
          send({ type: 'error', message: 'not a terminal message: see SocketClientMessage in @ssg/contracts' });
          return;
        }
        try {
          host.fromClient({ kind: 'client-message', clientId, message });
        } catch (error) {
          send({ type: 'error', message: (error as Error).message });
        }
      });
      socket.on('close', () => {
        stop();
        host.fromClient({ kind: 'client-closed', clientId });
      });
    },
  );
}
