import type { ComponentType, ReactElement } from "react";
import { useIdParam } from "../lib/routeParams";

/**
 * The page of one thing by the id in its path (`param`): `notFound` when the path's id cannot be
 * one, else `Screen` keyed by the id (going to another id starts the screen afresh).
 */
export function idPage(param: string, notFound: ReactElement, Screen: ComponentType<{ id: number }>) {
  return function IdPage() {
    const id = useIdParam(param);
    if (id === null) return notFound;
    return <Screen key={id} id={id} />;
  };
}
