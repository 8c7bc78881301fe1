import { z } from "zod";
import { ValidationMessages } from "./validationMessages";

/**
 * A bottle's barcode: the retail codes (EAN-13, EAN-8, UPC-A, UPC-E: digits with a check digit
 * that must be right) or a Code 128 text (printable ASCII, 4 to 48 characters; a shop's own label).
 *
 * One product carries one number however it is read: a UPC-A (12 digits) is the EAN-13 with a
 * leading 0, so it is kept as that EAN-13, and a scanner that reads either finds the same bottle.
 */
export const BARCODE_TEXT_MIN = 4;
export const BARCODE_TEXT_MAX = 48;

export const BarcodeMessages = {
  checkDigit: ValidationMessages.barcodeCheckDigit,
  invalid: ValidationMessages.barcodeInvalid,
} as const;

/** The GS1 check digit of `body` (every digit but the check): weights 3, 1, 3... from the right. */
function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

const hasGs1Check = (code: string) => gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));

/** A UPC-E (number system 0 or 1, six digits, check) written out as its UPC-A, or null. */
export function upcEToUpcA(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const [ns, d1, d2, d3, d4, d5, d6, check] = code.split("") as [string, ...string[]] & string[];
  let body: string;
  if (d6 === "0" || d6 === "1" || d6 === "2") body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  else if (d6 === "3") body = `${d1}${d2}${d3}00000${d4}${d5}`;
  else if (d6 === "4") body = `${d1}${d2}${d3}${d4}00000${d5}`;
  else body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${body}${check}`;
}

export type BarcodeReading = { ok: true; code: string } | { ok: false; message: string };

/**
 * Reads a scanned or typed code: the number a bottle keeps, or why it is not a barcode. Digits of
 * a retail length (8, 12, 13) must carry a right check digit (an 8-digit code as an EAN-8 or a
 * UPC-E); anything else is a Code 128 text.
 */
export function normaliseBarcode(raw: string): BarcodeReading {
  const code = raw.trim();
  if (/^\d+$/.test(code) && [8, 12, 13].includes(code.length)) {
    if (code.length === 8) {
      const upcA = upcEToUpcA(code);
      if (hasGs1Check(code) || (upcA !== null && hasGs1Check(upcA))) return { ok: true, code };
      return { ok: false, message: BarcodeMessages.checkDigit };
    }
    if (!hasGs1Check(code)) return { ok: false, message: BarcodeMessages.checkDigit };
    return { ok: true, code: code.length === 12 ? `0${code}` : code };
  }
  if (code.length < BARCODE_TEXT_MIN || code.length > BARCODE_TEXT_MAX || !/^[\x20-\x7e]+$/.test(code))
    return { ok: false, message: BarcodeMessages.invalid };
  return { ok: true, code };
}

/** A barcode as a caller sends it; parses to the number a bottle keeps (normaliseBarcode). */
export const BarcodeSchema = z
  .string({ error: BarcodeMessages.invalid })
  .max(200, BarcodeMessages.invalid)
  .transform((raw, ctx) => {
    const reading = normaliseBarcode(raw);
    if (reading.ok) return reading.code;
    ctx.addIssue({ code: "custom", message: reading.message });
    return z.NEVER;
  });
