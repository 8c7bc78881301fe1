/**
 * The two texts of docs/product.md, "The messages" the first screen (Home) shows, in a module of their own: the
 * first screen's bundle budget would otherwise carry every message. Messages includes them.
 */
export const HomeMessages = {
  fetchData: "Failed to fetch data.",
  noMeetings: "No meetings available.",
} as const;
