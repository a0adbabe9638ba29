import net from 'node:net';
import { freePort } from '@portal/db';

/**
 * A TCP relay in front of the test run's PostgreSQL, for the tests that take the database away from
 * one process without touching the shared server: `hold` keeps the bytes (a slow database), `release`
 * lets them through, `cut` closes every connection and refuses new ones (the database is down).
 */
export class PgGate {
  private readonly sockets = new Set<net.Socket>();
  private held: (() => void)[] | undefined;
  private down = false;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async open(target: string): Promise<PgGate> {
    const url = new URL(target);
    const port = await freePort();
    const server = net.createServer();
    const gate = new PgGate(server, port);
    server.on('connection', (client) => gate.relay(client, url.hostname, Number(url.port || 5432)));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return gate;
  }

  /** The same URL through the gate. */
  url(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  private relay(client: net.Socket, host: string, port: number): void {
    if (this.down) return void client.destroy();
    const upstream = net.connect(port, host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => (this.held ? this.held.push(() => to.write(chunk)) : to.write(chunk)));
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
      from.on('error', () => to.destroy());
    }
  }

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const write of held) write();
  }

  cut(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
