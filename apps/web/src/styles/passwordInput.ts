// Mantine styles of PasswordInput: loaded with Login and Register (see src/styles.ts).
import "@mantine/core/styles/PasswordInput.css";
