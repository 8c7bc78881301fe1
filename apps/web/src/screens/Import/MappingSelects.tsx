import { Select } from "@mantine/core";
import { IMPORT_FIELDS } from "@club/shared";
import { useT } from "../../lib/i18n";
import { importMessages } from "./importMessages";
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
  const t = useT(importMessages);
  return IMPORT_FIELDS.map((field) => {
    const required = field === "name" || field === "abv";
    const label = t(`field.${field}`);
    return (
      <Select
        key={field}
        label={label}
        withAsterisk={required}
        placeholder={t("mapping.notInFile")}
        data={headers}
        value={mapping[field] ?? null}
        clearable={!required}
        clearButtonProps={{ "aria-label": t("mapping.clear", { field: label }) }}
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
