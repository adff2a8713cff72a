import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { fillPath, type Json, type Operation, operationsOf } from './openapi-operations.js';

/**
 * Every path of the OpenAPI document, with every method it does not declare: 405 with an `Allow` header listing
 * exactly the methods the document declares there (HEAD with GET), in the error shape of its API, before any token
 * or body is looked at. A path written as a route (`/products/shift-variant`) is never taken for another route's
 * parameter (`/products/{id}`).
 */
const { t } = await useApp();
const doc = t.app.swagger() as Json;
const operations: Operation[] = operationsOf(doc);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const paths = [...new Set(operations.map((op) => op.path))];

describe('405 for every path and method the document does not declare', () => {
  it.each(paths.map((path) => [path] as const))('%s', async (path) => {
    const declared = operations.filter((op) => op.path === path);
    const allowed = METHODS.filter((method) =>
      declared.some((op) => op.method === method || (method === 'HEAD' && op.method === 'GET')),
    );
    const url = fillPath(path, {});
    const detailed = declared.some((op) => op.errorShape === 'DetailedError');
    const failures: string[] = [];
    for (const method of METHODS.filter((m) => !allowed.includes(m))) {
      // A JSON body and no token: the answer is the route's, whatever the body or the token would have been.
      const response = await t.inject({
        method: method as 'GET',
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'HEAD' ? undefined : '{"x":',
      });
      const body = response.body ? (JSON.parse(response.body) as Json) : {};
      if (response.statusCode !== 405)
        failures.push(`${method} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      else if (response.headers.allow !== allowed.join(', '))
        failures.push(`${method} -> Allow: ${String(response.headers.allow)}, declared ${allowed.join(', ')}`);
      // A HEAD answer has no body (RFC 9110 §9.3.2).
      else if (
        method !== 'HEAD' &&
        (body.status !== 405 || typeof body.message !== 'string' || (detailed && !Array.isArray(body.details)))
      )
        failures.push(`${method} -> not in the API's error shape: ${response.body}`);
    }
    expect(failures, path).toEqual([]);
  });
});
