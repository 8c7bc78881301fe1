import { Select } from "@mantine/core";
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS } from "@club/shared";
import type { Mapping } from "./guessMapping";
import "../../styles/combobox";

/** One select per bottle field: which column of the file holds it (or none). */
export function MappingSelects({
  headers,
  mapping,
  onChange,
}: {
  headers: string[];
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
}) {
  return IMPORT_FIELDS.map((field) => {
    const required = field === "name" || field === "abv";
    return (
      <Select
        key={field}
        label={IMPORT_FIELD_LABELS[field]}
        withAsterisk={required}
        placeholder="Not in the file"
        data={headers}
        value={mapping[field] ?? null}
        clearable={!required}
        clearButtonProps={{ "aria-label": `Clear ${IMPORT_FIELD_LABELS[field]}` }}
        allowDeselect={!required}
        comboboxProps={{ withinPortal: true }}
        onChange={(column) => {
          const next = { ...mapping };
          if (column) next[field] = column;
          else delete next[field];
          onChange(next);
        }}
      />
    );
  });
}
