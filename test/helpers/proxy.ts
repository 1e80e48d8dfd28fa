// A TCP relay to a database that freeze() turns into a black hole, as a network gone silent
// does: open connections stay open and hear nothing, new ones are accepted and never answered.
// thaw() relays new connections again (the frozen ones stay dead, as after a real partition).
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export interface FrozenProxy {
  port: number;
  freeze: () => void;
  thaw: () => void;
  close: () => void;
}

/** `connectDelayMs`: each new connection is relayed only after this long (a slow network). */
export async function frozenProxy(
  target: URL,
  { connectDelayMs = 0 }: { connectDelayMs?: number } = {},
): Promise<FrozenProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const relay = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop);
    upstream.on("error", drop);
  };
  const server = createServer((client) => {
    sockets.add(client);
    if (frozen) return; // accepted, never answered
    if (connectDelayMs > 0) setTimeout(() => relay(client), connectDelayMs);
    else relay(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw: () => {
      frozen = false;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** `url` with its port replaced by the proxy's. */
export function throughProxy(url: string, proxy: FrozenProxy): string {
  const u = new URL(url);
  u.port = String(proxy.port);
  return u.toString();
}
