import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it: raw body bytes (as a string) and the headers, untouched. */
export interface ReceivedRequest {
  n: number;
  at: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered (null when it hung up without answering). */
  answered: number | null;
}

/** What to do with the n-th request (1-based): answer a status, optionally late, or never. */
export type Behaviour = (request: { n: number; headers: Record<string, string>; body: string }) =>
  | { status: number; delayMs?: number; headers?: Record<string, string> }
  | { hang: true };

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far (also those that never became an HTTP request). */
  connections(): number;
  setBehaviour(behaviour: Behaviour): void;
  /** Resolves once `predicate` holds over the requests, or rejects after timeoutMs. */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real node:http receiver on 127.0.0.1 and a free port. */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 })): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let current = behaviour;
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const body = Buffer.concat(chunks).toString('utf8');
      const record: ReceivedRequest = { n: ++count, at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers, body, answered: null };
      requests.push(record);
      const action = current({ n: record.n, headers, body });
      if ('hang' in action) return; // never answers; the sender's timeout must end it
      const answer = () => {
        if (res.destroyed) return;
        record.answered = action.status;
        res.writeHead(action.status, { 'content-type': 'text/plain', ...action.headers }).end(action.status < 300 ? 'ok' : 'no');
      };
      if (action.delayMs) setTimeout(answer, action.delayMs);
      else answer();
    });
  });
  // Keep hung sockets from holding close() forever.
  const sockets = new Set<import('node:net').Socket>();
  let connections = 0;
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    requests,
    connections: () => connections,
    setBehaviour: (next) => {
      current = next;
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(requests)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met after ${timeoutMs} ms (${requests.length} requests so far)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
