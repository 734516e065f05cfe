import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS, limitConnections, type ConnectionLimits } from './connection-limits.js';

/** The server's limits, with time-outs short enough for a test; the production ones are checked below. */
const TEST_LIMITS: ConnectionLimits = { ...CONNECTION_LIMITS, headersTimeoutMs: 2_000, checkIntervalMs: 500, maxConnectionsPerAddress: 20 };

/** A connection that sends a request line and then one header line a second, never finishing. */
function slowHeaders(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 1_000);
      socket.once('close', () => clearInterval(drip));
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<number>((resolve) => {
    const start = Date.now();
    socket.once('close', () => resolve(Date.now() - start));
  });

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function listening(boundPerAddress: boolean): Promise<number> {
  server = createServer((_request, reply) => reply.end('ok'));
  limitConnections(server, { boundPerAddress, limits: TEST_LIMITS });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('connection limits', () => {
  it('closes a slow-header connection within 30 s in production', () => {
    expect(CONNECTION_LIMITS.headersTimeoutMs + CONNECTION_LIMITS.checkIntervalMs).toBeLessThanOrEqual(30_000);
  });

  it('closes a connection whose headers never end within the header time-out and one check', async () => {
    const port = await listening(false);
    const socket = await slowHeaders(port);
    const after = await closed(socket);
    expect(after).toBeLessThanOrEqual(TEST_LIMITS.headersTimeoutMs + TEST_LIMITS.checkIntervalMs + 4_000);
    expect(after).toBeGreaterThanOrEqual(TEST_LIMITS.headersTimeoutMs - 500);
  }, 10_000);

  it('closes connections from one address past the bound, and takes new ones once others close', async () => {
    const port = await listening(true);
    const sockets = await Promise.all(Array.from({ length: TEST_LIMITS.maxConnectionsPerAddress + 20 }, () => slowHeaders(port)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const open = sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open');
    expect(open).toHaveLength(TEST_LIMITS.maxConnectionsPerAddress);
    for (const socket of open.slice(0, 10)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe('ok');
    for (const socket of sockets) socket.destroy();
  }, 30_000);

  it('leaves the per-address bound to the proxy when one is trusted', async () => {
    const port = await listening(false);
    const sockets = await Promise.all(Array.from({ length: TEST_LIMITS.maxConnectionsPerAddress + 5 }, () => slowHeaders(port)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sockets.filter((socket) => socket.readyState === 'open')).toHaveLength(TEST_LIMITS.maxConnectionsPerAddress + 5);
    for (const socket of sockets) socket.destroy();
  }, 30_000);
});
