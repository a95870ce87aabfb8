import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client takes gzip (q=0 refuses it). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((item) => {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a JSON answer kept gzipped as it is, to a client that takes gzip: the compression plugin
 * leaves an encoded answer alone. Anyone else gets it inflated (and compressed as they take it).
 */
export function sendGzippedJson(request: FastifyRequest, reply: FastifyReply, gzipped: Buffer): FastifyReply {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(gunzipSync(gzipped).toString('utf8'));
}
