// Mantine styles of the meeting night's controls: loaded with these screens only (see src/styles.ts).
import "../../styles/segmentedControl";
import "@mantine/core/styles/Slider.css";
import "@mantine/core/styles/Chip.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Switch.css";
