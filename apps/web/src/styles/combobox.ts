// Mantine styles of Select (Combobox in a Popover, options in a ScrollArea): loaded with the
// screens and dialogs that have a select, not with the first screen (see src/styles.ts).
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Combobox.css";
