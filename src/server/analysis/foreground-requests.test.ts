import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ForegroundGate, holdForRequests, type Holdable } from './foreground.js';

/*
 * Which requests hold the recording analysis, on a real HTTP server: the ones this server is working
 * on, not the ones waiting for their client. A client that opened a request every second or two and
 * never sent its body held every analysis for as long as it went on, signed in or not: the analysis
 * of a 45-minute recording (39 s alone) made almost no progress in two minutes of one such request
 * every 1.5 s (decision 0017's addendum).
 */

/** Work that says whether it is held now. */
function work(): Holdable & { held: boolean } {
  const state = {
    held: false,
    hold: () => {
      state.held = true;
    },
    release: () => {
      state.held = false;
    },
  };
  return state;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('the requests that hold the analysis', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A server on a free port whose requests hold `held`, answering with `handler`. */
  async function serve(handler: Handler): Promise<{ port: number; held: ReturnType<typeof work> }> {
    const gate = new ForegroundGate({ quietMs: 20, requestLimitMs: 2_000, maxHoldMs: 10_000, sliceMs: 50 });
    const held = work();
    gate.add(held);
    server = createServer(handler);
    holdForRequests(server, gate);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, held };
  }

  /** A raw connection that sends `text` and keeps reading nothing more of its own. */
  async function send(port: number, text: string): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(text);
    return socket;
  }

  it('a request whose body does not arrive holds nothing; once its body is in, its work holds the analysis until it answers', async () => {
    const { port, held } = await serve((request, response) => {
      request.resume();
      request.once('end', () => {
        // Some work after the body: the analysis waits for it.
        setTimeout(() => response.end('{}'), 600);
      });
    });
    const socket = await send(port, 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    await sleep(200);
    expect(held.held).toBe(false);

    socket.write('a'.repeat(999));
    await sleep(150);
    expect(held.held).toBe(true);
    await sleep(900);
    expect(held.held).toBe(false);
  });

  it('a request holds the analysis until its answer starts, not while the client reads the rest of it', async () => {
    const { port, held } = await serve((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        // The rest of the answer goes out as the client takes it: here never, within the test.
        response.write(Buffer.alloc(1024));
      }, 200);
    });
    await send(port, 'GET /assets/app.js HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(100);
    expect(held.held).toBe(true);
    await sleep(600);
    expect(held.held).toBe(false);
  });

  it('a request without a body holds the analysis from its arrival while it is worked on', async () => {
    const { port, held } = await serve((_request, response) => {
      setTimeout(() => response.end('ok'), 800);
    });
    await send(port, 'GET /api/admin/students HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(300);
    expect(held.held).toBe(true);
    await sleep(900);
    expect(held.held).toBe(false);
  });
});
