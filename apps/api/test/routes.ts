import type { FastifyInstance } from 'fastify';

/** Every route of the app as `{ method, url }`, read from Fastify's route tree (HEAD twins left out). */
export function routesOf(instance: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** An OpenAPI path as the route Fastify holds: `{id}` is `:id`, a wildcard `{*}` is `*`. */
export const routeOfPath = (path: string) => path.replace('{*}', '*').replace(/\{(\w+)\}/g, ':$1');
