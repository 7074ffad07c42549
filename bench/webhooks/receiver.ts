import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The benchmark's webhook receiver, in its own process so its work does not share the
 * dispatcher's event loop. Records (event id, arrival ms) and answers 200 at once; on the
 * 'report' message it sends the records back over IPC.
 */
const arrivals: [string, number][] = [];
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    arrivals.push([String(req.headers['x-service-delivery']), Date.now()]);
    res.writeHead(200).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (m: { type: string }) => {
  if (m.type === 'count') process.send?.({ count: arrivals.length });
  if (m.type === 'report') process.send?.({ arrivals });
});
