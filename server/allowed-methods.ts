/**
 * The methods a path answers, from the routes registered for it, for a 405's Allow header:
 * "GET, HEAD" for a GET route. A fixed path is looked up as it is; a path with parameters
 * (`/amenities/:id/archive`, `/alerts/:id{[0-9]+}/read`) is matched segment by segment, so
 * `PUT /amenities/great-lawn` hears which methods that path has instead of a 404.
 */
export function allowedMethods(routes: readonly Route[]): (path: string) => string | null {
  const patterns = [...methodsByPattern(routes)].map(([pattern, methods]) => ({
    test: matcherOf(pattern),
    fixed: !pattern.includes(':'),
    methods,
  }));
  return (path) => {
    const matching = patterns.filter((pattern) => pattern.test(path));
    // A fixed path wins over a pattern that also matches it (/amenities/analytics, not :id).
    const chosen = matching.some((pattern) => pattern.fixed)
      ? matching.filter((pattern) => pattern.fixed)
      : matching;
    const methods = new Set(chosen.flatMap((pattern) => [...pattern.methods]));
    return methods.size > 0 ? [...methods].join(', ') : null;
  };
}

/**
 * For a request to a fixed path (`/amenities/analytics`) with a method it lacks: the methods it
 * has, for a 405. Null otherwise. A fixed path is a resource of its own, never an id of the
 * pattern beside it (`/amenities/:id`), so this answers before that pattern's route would take the
 * request as one for an amenity "analytics".
 */
export function fixedPathRefusal(
  routes: readonly Route[],
): (method: string, path: string) => string | null {
  const fixed = new Map(
    [...methodsByPattern(routes)].filter(([pattern]) => !pattern.includes(':')),
  );
  return (method, path) => {
    const methods = fixed.get(path);
    return methods && !methods.has(method) ? [...methods].join(', ') : null;
  };
}

type Route = { method: string; path: string };

function methodsByPattern(routes: readonly Route[]): Map<string, Set<string>> {
  const byPattern = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const methods = byPattern.get(route.path) ?? new Set<string>();
    for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) {
      methods.add(method);
    }
    byPattern.set(route.path, methods);
  }
  return byPattern;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcherOf(pattern: string): (path: string) => boolean {
  const source = pattern
    .split('/')
    .map((segment) => {
      const param = /^:[A-Za-z]+(?:\{(.+)\})?$/.exec(segment);
      if (!param) return escape(segment);
      return param[1] ? `(?:${param[1]})` : '[^/]+';
    })
    .join('/');
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}
