// Mantine styles of NativeSelect's chevron (ComboboxChevron, in Combobox.css): without them the
// chevron is drawn at the icon's own size, larger than a Select's (see src/styles.ts).
import "@mantine/core/styles/Combobox.css";
