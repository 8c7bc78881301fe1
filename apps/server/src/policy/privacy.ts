import { memberOf, type Viewer } from "./viewer";

/**
 * Members' data is for members (docs/product.md, "Rules"): who is going to a meeting (names),
 * who guessed a blind pour right, the night's scores with names and notes (results CSV), the
 * tasting journals. A visitor (and a guest pass) keeps the floor's public reads and the
 * counts: "8 going", a pour's average and how many scored it.
 */
export const seesMembersData = (viewer: Viewer): boolean => memberOf(viewer) !== null;
