import type { Socket } from 'node:net';
import { countRoute, type SimStats } from './stats.ts';

/** How long after an answer a reset still means "never read" (a killed process takes a few ms to close its sockets). */
const RESET_GRACE_MS = 2_000;

export interface Delivery {
  /** Watch a new connection for the reset that takes its last answer back. */
  watch(socket: Socket): void;
  /** A new request arrived on this connection: the previous answer on it was read. */
  confirmRead(socket: Socket): void;
  /** A complete answer for `key` was written on this connection. */
  delivered(socket: Socket, key: string, route: string): void;
}

/**
 * Counts completed answers per request key (GET /sim/stats) and takes one back when it was never read. The last
 * answer sent on each connection stays unconfirmed until the client proves it read it by sending its next
 * request (HTTP/1.1 without pipelining). A client killed with that answer unread makes the kernel reset the
 * connection (a socket closed with unread data sends RST): the answer was not delivered.
 */
export function createDelivery(stats: SimStats): Delivery {
  const unconfirmed = new WeakMap<Socket, { key: string; route: string; at: number }>();
  return {
    watch(socket) {
      socket.on('error', (err: NodeJS.ErrnoException) => {
        const last = unconfirmed.get(socket);
        if (!last || err.code !== 'ECONNRESET' || Date.now() - last.at > RESET_GRACE_MS) return;
        unconfirmed.delete(socket);
        countRoute(stats, last.route, 'unread_reset');
        const n = (stats.completed[last.key] ?? 1) - 1;
        if (n > 0) stats.completed[last.key] = n;
        else delete stats.completed[last.key];
      });
    },
    confirmRead(socket) {
      unconfirmed.delete(socket);
    },
    delivered(socket, key, route) {
      countRoute(stats, route, '200');
      stats.completed[key] = (stats.completed[key] ?? 0) + 1;
      unconfirmed.set(socket, { key, route, at: Date.now() });
    },
  };
}

/**
 * A client that died (kill -9 closes its socket) never receives the answer: not a completion. True (and the
 * response destroyed, the route counted as client_gone) when the request's socket is gone.
 */
export function clientGone(stats: SimStats, route: string, req: { socket: Socket }, res: { destroy(): void }): boolean {
  if (!req.socket.readableEnded && !req.socket.destroyed) return false;
  countRoute(stats, route, 'client_gone');
  res.destroy();
  return true;
}
