import { extractText, getDocumentProxy } from "unpdf";

export interface PdfText {
  /** Each page's text, in order. */
  pages: string[];
  /** Each page's size in points ([width, height]): A4 is 595 x 842, Letter 612 x 792. */
  sizes: [number, number][];
}

/** The text and page sizes of a PDF (Chromium's page.pdf output), read with PDF.js (unpdf). */
export async function readPdf(pdf: Buffer): Promise<PdfText> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  const sizes: [number, number][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const [x0, y0, x1, y1] = (await doc.getPage(i)).view as [number, number, number, number];
    sizes.push([x1 - x0, y1 - y0]);
  }
  await doc.cleanup();
  return { pages: text, sizes };
}
