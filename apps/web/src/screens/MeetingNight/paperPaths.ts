/** The night's paper: kept apart from PaperPage so the meeting page links without loading it. */
export const tastingSheetsPath = (id: number) => `/meeting/${id}/print/tasting`;
export const resultsSheetPath = (id: number) => `/meeting/${id}/print/results`;
