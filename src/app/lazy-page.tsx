// A route component loaded on demand, with a preload() the router starts as soon as the route
// matches, so a layout and its page (shell + dashboard) load in parallel, not one after the other.
import { lazy, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => (pending ??= load().then((m) => (loaded = pick(m))));
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function Page() {
    // Already loaded (preloaded): render it directly instead of suspending for a moment.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}
