// Mantine styles of NumberInput: loaded with the forms that have one (see src/styles.ts).
import "@mantine/core/styles/NumberInput.css";
