/**
 * A server of dev/ on 127.0.0.1 that stops at once: it keeps the sockets it accepted, and any
 * it opened itself (`track`), and destroys them on `stop()` instead of waiting for kept-alive
 * connections to end.
 */
import type { AddressInfo, Server, Socket } from 'node:net';

export class LocalServer {
  readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(server: Server) {
    this.server = server;
    server.on('connection', (socket: Socket) => this.track(socket));
  }

  /** A socket to destroy on stop. */
  track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.sockets.size === 0) for (const resolve of this.idle.splice(0)) resolve();
    });
    return socket;
  }

  private readonly idle: Array<() => void> = [];

  /** Settles once no socket is open: every connection a client made has been closed. */
  allClosed(): Promise<void> {
    return this.sockets.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  /** Listens on 127.0.0.1 (any free port by default); the port. A taken port is named in the error. */
  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`Port ${port} on 127.0.0.1 is taken: stop what runs there, or give another port.`)
            : error,
        ),
      );
      this.server.listen(port, '127.0.0.1', resolve);
    });
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
