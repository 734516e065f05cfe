import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Bounds on what one connection may hold: a client that sends its headers a byte at a time
 * (slowloris) or opens connection after connection would otherwise keep them open for good.
 */
export const CONNECTION_LIMITS = {
  /** A request's headers must be complete within this; Node's default is 60 s. */
  headersTimeoutMs: 20_000,
  /** A whole request, body included (image uploads from slow phones still fit). */
  requestTimeoutMs: 120_000,
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: 10_000,
  /** How often Node checks the two time-outs above (its default, 30 s, let a slow header live 90 s). */
  checkIntervalMs: 5_000,
  /** Open connections from one address; more are closed at once. */
  maxConnectionsPerAddress: 100,
} as const;

export type ConnectionLimits = { readonly [Key in keyof typeof CONNECTION_LIMITS]: number };

export interface ConnectionLimitOptions {
  /** Behind a trusted reverse proxy every connection comes from the proxy: no per-address bound then. */
  boundPerAddress: boolean;
  limits?: ConnectionLimits;
}

/** Applies the limits to a server before it listens (the check interval is read when it starts listening). */
export function limitConnections(server: Server, { boundPerAddress, limits = CONNECTION_LIMITS }: ConnectionLimitOptions): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node keeps its constructor options on the server and reads this one when it starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = limits.checkIntervalMs;
  if (boundPerAddress) server.on('connection', connectionCounter(limits.maxConnectionsPerAddress));
}

function connectionCounter(limit: number): (socket: Socket) => void {
  const openByAddress = new Map<string, number>();
  return (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = openByAddress.get(address) ?? 0;
    if (open >= limit) {
      socket.destroy();
      return;
    }
    openByAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left === 0) openByAddress.delete(address);
      else openByAddress.set(address, left);
    });
  };
}
