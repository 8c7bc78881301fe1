import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
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

/** The page that draws a PDF with PDF.js (a string: the test's own transform leaves it alone). */
const RENDER_PAGE = `<!doctype html><canvas></canvas><script type="module">
import { getDocument } from "http://pdf.render/pdfjs.mjs";
window.cornerColours = async (bytes) => {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const canvas = document.querySelector("canvas");
  const ctx = canvas.getContext("2d");
  const colours = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await page.render({ canvasContext: ctx, viewport }).promise;
    colours.push(Array.from(ctx.getImageData(4, 4, 1, 1).data.slice(0, 3)));
  }
  return colours;
};
</script>`;

/**
 * The colour of each page's top left corner (its margin) as PDF.js draws the page in Chromium:
 * what paper comes out of a printer, backgrounds included. [r, g, b] per page.
 */
export async function pdfCornerColours(browser: Browser, pdf: Buffer): Promise<[number, number, number][]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pdfjs = readFileSync(fileURLToPath(import.meta.resolve("unpdf/pdfjs")));
    await page.route("http://pdf.render/**", (route) =>
      route.request().url().endsWith(".mjs")
        ? route.fulfill({ body: pdfjs, contentType: "text/javascript" })
        : route.fulfill({ body: RENDER_PAGE, contentType: "text/html" }),
    );
    await page.goto("http://pdf.render/");
    await page.waitForFunction(() => "cornerColours" in window);
    return await page.evaluate(
      (bytes) =>
        (
          window as unknown as { cornerColours: (b: number[]) => Promise<[number, number, number][]> }
        ).cornerColours(bytes),
      [...pdf],
    );
  } finally {
    await context.close();
  }
}
