import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from "@mantine/core";

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

/**
 * Filled amber buttons carry dark text in the dark scheme (white on bright amber fails contrast) and
 * white text on the deeper amber of the light scheme.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant === "filled" && colors.background.includes("amber")) {
    return { ...colors, color: "var(--club-on-primary)" };
  }
  return colors;
};

/** Readable amber text for light/subtle variants and links, and AA-contrast dimmed text, in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--club-on-primary": "#ffffff",
    // Mantine's defaults (gray-6, gray-5) are below 4.5:1 on white.
    "--mantine-color-dimmed": "#5f6670",
    "--mantine-color-placeholder": "#6c737b",
    // Mantine's red-6 error text and green-light badges are below 4.5:1.
    "--mantine-color-error": "#c92a2a",
    "--mantine-color-green-light-color": "#1b6b2c",
    // Its orange-9 and yellow-9 on their light backgrounds are 3.6:1 and 2.7:1 (the warnings' titles).
    "--mantine-color-orange-light-color": "#a63a08",
    "--mantine-color-yellow-light-color": "#805000",
    "--mantine-color-amber-light-color": "#7a460b",
    "--mantine-color-anchor": "#8a4f07",
  },
  dark: {
    "--club-on-primary": "#1d1308",
    "--mantine-color-dimmed": "#a89d90",
    "--mantine-color-placeholder": "#a0958a",
    "--mantine-color-error": "#ff8787",
    "--mantine-color-amber-light-color": "#f5b94f",
    "--mantine-color-anchor": "#f0a326",
  },
});

/** The words Mantine's parts say to a screen reader, in the reader's language. */
export interface ThemeLabels {
  /** A dialog's close button. */
  close: string;
  /** A password field's show/hide toggle. */
  showOrHide: string;
}

export const themeWith = (labels: ThemeLabels) =>
  createTheme({
    // A member whose system asks for less motion (prefers-reduced-motion) gets the dialogs, menus
    // and messages without their open and close animations (Mantine plays them regardless otherwise).
    respectReducedMotion: true,
    primaryColor: "amber",
    primaryShade: { light: 7, dark: 5 },
    variantColorResolver,
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
      Badge: { defaultProps: { tt: "none", fw: 600 } },
      Loader: { defaultProps: { type: "dots" } },
      Modal: {
        defaultProps: {
          centered: true,
          radius: "lg",
          overlayProps: { backgroundOpacity: 0.55 },
          // 40 px: a tap target a thumb can hit.
          closeButtonProps: { "aria-label": labels.close, size: 40 },
        },
        styles: {
          title: { fontFamily: "var(--mantine-font-family-headings)", fontWeight: 700, fontSize: "1.25rem" },
        },
      },
      // A dialog's <header> would count as a second banner landmark next to the app header.
      ModalHeader: { defaultProps: { component: "div" } },
      Paper: { defaultProps: { radius: "lg" } },
      // Keeps getByLabel("Password") unambiguous: the toggle's default name also contains "password".
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { "aria-label": labels.showOrHide } },
      },
    },
  });
