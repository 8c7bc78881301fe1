export const ABV_MIN = 0;
export const ABV_MAX = 100;
export const CONFIRM_REDIRECT_MS = 3000;
export const IMAGE_PREVIEW_MAX_PX = 400;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Most pixels an uploaded image may have (40 MP: a 24 MP camera photo passes; decoding costs memory in proportion). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_DIMENSION_PX = 1600;
/** The medium variant (?size=medium): sharp in the 400 px preview on a 2x phone screen. */
export const IMAGE_MEDIUM_PX = 800;
/** The thumbnail (?size=thumb), for lists and dialogs. */
export const IMAGE_THUMB_PX = 320;
export const PASSWORD_MIN_LENGTH = 8;
/** The months' names in English, January first: the server's questions and the screens say months the same way. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/**
 * "Friday, December 11, 2026" for "2026-12-11" (or a timestamp's date part): how a screen and an
 * email say a meeting's date. Computed by hand, as Intl.DateTimeFormat("en-US", { timeZone: "UTC" })
 * would say it (the first DateTimeFormat with a time zone loads time-zone data); the input itself
 * when it is no date.
 */
export function longDate(value: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return `${WEEKDAY_NAMES[date.getUTCDay()]!}, ${MONTH_NAMES[date.getUTCMonth()]!} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
/** The themes list's lastDate when a theme was never used (docs/product.md: year 1 means 'Never'). */
export const NEVER_USED_DATE = "0001-01-01T00:00:00";
export const THEME_STORAGE_KEY = "theme";
export const SESSION_KEYS = {
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  email: "email",
} as const;
export const CLUB_NAME = "Whiskey Tasting Club";
export const TEXT_MAX = 200;
export const COMMENT_MAX = 2000;

/** The most calls one tRPC request may batch: the server refuses more with a 400, the app splits. */
export const TRPC_BATCH_MAX_CALLS = 10;
