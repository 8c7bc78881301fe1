import type { ComponentPropsWithoutRef } from "react";
import { useSubmitOnce } from "../lib/singleFlight";

/**
 * The app's `<form>`: a double tap on its submit button, or Enter twice, saves once.
 * A submit while the mutation the last one started is still running is dropped
 * (lib/singleFlight.ts, `useSubmitOnce`); the page never reloads on a submit.
 */
export function OnceForm({ onSubmit, ...props }: ComponentPropsWithoutRef<"form">) {
  const once = useSubmitOnce();
  return (
    <form
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        once(() => onSubmit?.(event));
      }}
    />
  );
}
