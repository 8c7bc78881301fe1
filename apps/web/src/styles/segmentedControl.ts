// Mantine styles of SegmentedControl: its pressed answer's highlight is a FloatingIndicator, whose
// styles (top and left 0, the sliding transition) it needs as well; without them the highlight sat
// 4 px right of and below the answer (see src/styles.ts).
import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/SegmentedControl.css";
