import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * Child process of `recommendations.bench.ts`: a bare `node:http` server answering every request with the bytes of
 * the file ANSWER_FILE (a recommendation answer the service gave). What the machine and the load generator manage
 * for an answer of that size, measured in the same run as the service: the ceiling the service's figures sit under.
 */
const answer = readFileSync(process.env.ANSWER_FILE!);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.length });
  response.end(answer);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
