// Mantine styles of Modal: loaded with the dialogs, not with the first screen (see src/styles.ts).
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
