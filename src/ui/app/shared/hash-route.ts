import { useEffect, useState } from 'preact/hooks';

/** Where the page is: `#/<view>/<rest>?<params>`. The hash keeps every view a link without server routes. */
export interface Route {
  readonly view: string;
  readonly rest: string;
  readonly params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const [view = 'context', ...rest] = path.split('/');
  return { view: view || 'context', rest: rest.map((part) => decodeURIComponent(part)).join('/'), params: new URLSearchParams(search) };
}

export function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', update);
    // The hash may have changed between the first render and this effect.
    update();
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

/** A link target for a view. */
export function href(view: string, rest = '', params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params).toString();
  return `#/${view}${rest ? `/${encodeURIComponent(rest)}` : ''}${search ? `?${search}` : ''}`;
}
