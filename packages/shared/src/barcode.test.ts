import { describe, expect, it } from "vitest";
import { BarcodeMessages, BarcodeSchema, normaliseBarcode, upcEToUpcA } from "./barcode";

describe("normaliseBarcode", () => {
  it("keeps EAN-13, EAN-8 and UPC-E numbers whose check digit is right", () => {
    expect(normaliseBarcode("4006381333931")).toEqual({ ok: true, code: "4006381333931" });
    expect(normaliseBarcode("96385074")).toEqual({ ok: true, code: "96385074" });
    expect(normaliseBarcode(" 01234565 ")).toEqual({ ok: true, code: "01234565" });
  });

  it("keeps a UPC-A as its EAN-13, so either reading finds the same bottle", () => {
    expect(normaliseBarcode("036000291452")).toEqual({ ok: true, code: "0036000291452" });
    expect(normaliseBarcode("0036000291452")).toEqual({ ok: true, code: "0036000291452" });
  });

  it("writes a UPC-E out as its UPC-A by the number's last digit", () => {
    expect(upcEToUpcA("01234565")).toBe("012345000065");
    expect(upcEToUpcA("04252614")).toBe("042100005264");
    expect(upcEToUpcA("91234565")).toBeNull();
  });

  it("refuses a retail number whose check digit is wrong, saying so", () => {
    for (const code of ["4006381333932", "036000291453", "96385075"])
      expect(normaliseBarcode(code), code).toEqual({ ok: false, message: BarcodeMessages.checkDigit });
  });

  it("takes other printable text of 4 to 48 characters as a Code 128 label", () => {
    expect(normaliseBarcode("CASK-1234/B")).toEqual({ ok: true, code: "CASK-1234/B" });
    expect(normaliseBarcode("12345")).toEqual({ ok: true, code: "12345" });
    for (const code of ["", "ab", "x".repeat(49), "caf\u00e9 label", "tab\there"])
      expect(normaliseBarcode(code), code).toEqual({ ok: false, message: BarcodeMessages.invalid });
  });

  it("parses through the schema to the kept number, and fails with the reason", () => {
    expect(BarcodeSchema.parse("036000291452")).toBe("0036000291452");
    const failed = BarcodeSchema.safeParse("4006381333932");
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe(BarcodeMessages.checkDigit);
  });
});
