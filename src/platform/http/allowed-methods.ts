import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** By app: each path the router serves as written (no parameter in it), with the methods it takes there. */
const staticPaths = new WeakMap<object, Map<string, Set<string>>>();

/**
 * Records every route's path without parameters (`/products/shift-variant`) and its methods; HEAD comes with every
 * GET (Fastify's head routes are routes too). Register before any route.
 */
export function trackStaticPaths(app: FastifyInstance): void {
  const paths = new Map<string, Set<string>>();
  staticPaths.set(app, paths);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (url.includes(':') || url.includes('*')) return;
    const methods = paths.get(url) ?? new Set<string>();
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) methods.add(method);
    paths.set(url, methods);
  });
}

/**
 * The methods a path written as a route takes, when it is one: `PUT /products/shift-variant` is not a product named
 * "shift-variant" but a path that takes POST only (the parametric `/products/{id}` does not stand for it).
 */
export function staticPathMethods(app: FastifyInstance, path: string): HTTPMethods[] | undefined {
  const methods = staticPaths.get(app)?.get(path);
  return methods ? METHODS.filter((method) => methods.has(method)) : undefined;
}

/**
 * The methods the router has a route for at `path` (a concrete path, as requested), in a fixed order. Asked of the
 * router itself, so every route counts however it was declared; a path written as a route takes its own methods only.
 */
export function allowedMethods(app: FastifyInstance, path: string): HTTPMethods[] {
  const own = staticPathMethods(app, path);
  if (own) return own;
  return METHODS.filter((method) => {
    try {
      return app.findRoute({ method, url: path }) !== null;
    } catch {
      // A path the router cannot decode matches nothing.
      return false;
    }
  });
}
