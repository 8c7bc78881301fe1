/**
 * Reads a bottle's barcode from the camera's picture: the browser's own BarcodeDetector where it
 * has one (Android's and Apple's browsers), else ZXing-C++ compiled to WebAssembly (zxing-wasm's
 * reader). This module and the reader load when the scanner opens, never with the library.
 */

/** The retail codes and the shop labels a bottle carries. */
const NATIVE_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128"];
const ZXING_FORMATS = ["EAN13", "EAN8", "UPCA", "UPCE", "Code128"] as const;

/** The longer side of the picture the WASM reader looks at: enough for a barcode filling a third of it. */
const READ_SIDE = 960;

export interface BarcodeReader {
  /** Which reader it is: the browser's, or the WASM one. */
  kind: "native" | "wasm";
  /** The code in the video's current picture, or null. */
  read: (video: HTMLVideoElement) => Promise<string | null>;
}

interface NativeDetector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
}

async function nativeReader(): Promise<BarcodeReader | null> {
  const Detector = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = NATIVE_FORMATS.filter((format) => supported.includes(format));
    if (formats.length === 0) return null;
    const detector = new Detector({ formats });
    return {
      kind: "native",
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<BarcodeReader> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import("zxing-wasm/reader"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  // The module's file comes from this site (the package's default is a public CDN).
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return {
    kind: "wasm",
    read: async (video) => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return null;
      const scale = Math.min(1, READ_SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const picture = context.getImageData(0, 0, canvas.width, canvas.height);
      const [found] = await readBarcodes(picture, {
        formats: [...ZXING_FORMATS],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      });
      return found?.isValid ? found.text : null;
    },
  };
}

/** The browser's reader when it reads our formats, else the WASM one. */
export async function makeBarcodeReader(): Promise<BarcodeReader> {
  return (await nativeReader()) ?? (await wasmReader());
}

/** The rear camera when there is one (a laptop's only camera otherwise). */
export function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error("no camera"));
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}
