import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type Module<P> = { default: ComponentType<P> };

export type LazyRoute<P = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the screen's chunk; once loaded, the screen renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * React.lazy with a preload. React.lazy suspends on first render even when the chunk is already
 * there (a promise resolves a microtask later), so the first paint would be the app shell with a
 * spinner and the screen would follow in a second commit. Once preload() has loaded the chunk,
 * this lazy hands React an already-settled thenable and the screen renders in the first commit.
 * main.tsx preloads the screen of the URL being opened (the boot script has already fetched it).
 */
export function lazyRoute<P = object>(load: () => Promise<Module<P>>): LazyRoute<P> {
  let loaded: Module<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  const component = lazy(() => {
    if (loaded) {
      const module = loaded;
      // A thenable that settles synchronously: React reads it as resolved and does not suspend.
      return { then: (resolve: (value: Module<P>) => void) => resolve(module) } as unknown as Promise<
        Module<P>
      >;
    }
    return load();
  });
  return Object.assign(component, { preload });
}
