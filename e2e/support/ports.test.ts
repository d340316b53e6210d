import { readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.js';

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('freePort', () => {
  it('gives ports below the ephemeral range, never the same one twice, each one a server can then bind', async () => {
    const ports = [];
    for (let i = 0; i < 20; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    const port = ports[0] as number;
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve, reject) => connect(port, '127.0.0.1').once('connect', resolve).once('error', reject));
    await new Promise((resolve) => server.close(resolve));
  });

  it('an outgoing connection is never given a port freePort hands out (the kernel takes those from the ephemeral range)', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const target = typeof address === 'object' && address ? address.port : 0;
    const socket = connect(target, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    expect(socket.localPort).toBeGreaterThanOrEqual(ephemeralLow);
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});
