import { useState } from "react";

/**
 * A field checked on submit: its value, and the problem the check found (shown under it until the
 * member changes the value: `change` sets the value and clears the problem).
 */
export function useCheckedField<T>(initial: T | (() => T)) {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  const change = (next: T) => {
    setValue(next);
    setError(null);
  };
  return { value, setValue, error, setError, change };
}
