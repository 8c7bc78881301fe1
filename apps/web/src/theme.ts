import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** Whisky amber, from pale straw to old cask. */
const amber: MantineColorsTuple = [
  "#fff6e5",
  "#fde9c6",
  "#f9d28c",
  "#f5b94f",
  "#f0a326",
  "#e8900f",
  "#c8760a",
  "#9f5c09",
  "#7a460b",
  "#54300a",
];

/** Warm, peat-smoke greys for the dark scheme (index 7 is the page background). */
const dark: MantineColorsTuple = [
  "#ded6cc",
  "#c2b8ab",
  "#9a8f82",
  "#74695d",
  "#51473d",
  "#3d352d",
  "#2e2721",
  "#221d19",
  "#1a1613",
  "#13100e",
];

export const theme = createTheme({
  primaryColor: "amber",
  primaryShade: { light: 7, dark: 5 },
  autoContrast: true,
  colors: { amber, dark },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif',
    fontWeight: "700",
  },
  components: {
    Loader: { defaultProps: { type: "dots" } },
    Modal: { defaultProps: { centered: true, radius: "lg", overlayProps: { backgroundOpacity: 0.55, blur: 3 } } },
    Paper: { defaultProps: { radius: "lg" } },
  },
});
