import { useState } from "react";
import { Select, type SelectProps } from "@mantine/core";
import "../styles/combobox";

/**
 * A searchable Select over a lookup list that does not drop typed text silently: leaving the field
 * with text that names an option picks it (whatever its case), and text that matches nothing shows
 * `notFound(text)` under the field instead of vanishing.
 */
export function LookupSelect({
  data,
  value,
  onChange,
  notFound,
  error,
  onBlur,
  ...props
}: Omit<SelectProps, "data" | "onChange"> & {
  data: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  notFound: (text: string) => string;
}) {
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const selectedLabel = data.find((option) => option.value === value)?.label;

  return (
    <Select
      {...props}
      data={data}
      value={value}
      searchable
      error={error || unmatched}
      onChange={(next) => {
        setUnmatched(null);
        onChange(next);
      }}
      onBlur={(event) => {
        // Read before the Select puts the chosen option's label back into the field.
        const typed = event.currentTarget.value.trim();
        if (typed === "" || typed === selectedLabel) {
          setUnmatched(null);
        } else {
          const match = data.find((option) => option.label.toLowerCase() === typed.toLowerCase());
          if (match) onChange(match.value);
          setUnmatched(match ? null : notFound(typed));
        }
        onBlur?.(event);
      }}
    />
  );
}
