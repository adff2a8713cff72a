import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the router has a route for at `path` (a concrete path, as requested), in a fixed order. Asked of the
 * router itself, so every route counts however it was declared; HEAD comes with every GET (Fastify's head routes).
 */
export function allowedMethods(app: FastifyInstance, path: string): HTTPMethods[] {
  return METHODS.filter((method) => {
    try {
      return app.findRoute({ method, url: path }) !== null;
    } catch {
      // A path the router cannot decode matches nothing.
      return false;
    }
  });
}
