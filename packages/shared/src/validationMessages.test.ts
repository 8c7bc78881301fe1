import { describe, expect, it } from "vitest";
import { BARCODE_TEXT_MAX, BARCODE_TEXT_MIN, BarcodeSchema } from "./barcode";
import { BOTTLE_ML_MAX, BOTTLE_ML_MIN, BottleSizeSchema } from "./cellar";
import { PASSWORD_MIN_LENGTH, TEXT_MAX } from "./constants";
import { PAYMENT_METHODS, PaymentInputSchema } from "./dues";
import { LANGUAGES } from "./i18n";
import { FLIGHT_MAX_POURS, RSVP_MAX_GUESTS, SCORE_PART_MAX, ScoreInputSchema } from "./night";
import { MESSAGE_TEXT_MAX } from "./planning";
import { SEARCH_QUERY_MAX, SEARCH_WORDS_MAX } from "./search";
import { ClubSettingsInputSchema } from "./settings";
import { WEBHOOK_URL_MAX } from "./webhooks";
import { ValidationMessages } from "./validationMessages";
import { Messages } from "./messages";

const messageOf = (
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe("ValidationMessages", () => {
  it("writes out each limit as the rule has it", () => {
    expect(ValidationMessages.passwordTooShort).toBe(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(ValidationMessages.bottleSize).toBe(
      `The bottle size must be a whole number of ml from ${BOTTLE_ML_MIN} to ${BOTTLE_ML_MAX}.`,
    );
    expect(ValidationMessages.barcodeInvalid).toBe(
      `A barcode is an EAN or UPC number, or a Code 128 text of ${BARCODE_TEXT_MIN} to ${BARCODE_TEXT_MAX} printable characters.`,
    );
    expect(ValidationMessages.noteTooLong).toBe(`A note is at most ${TEXT_MAX} characters.`);
    expect(ValidationMessages.rsvpGuests).toBe(`At most ${RSVP_MAX_GUESTS} guests.`);
    expect(ValidationMessages.flightPours).toBe(`At most ${FLIGHT_MAX_POURS} pours.`);
    expect(ValidationMessages.scorePart).toBe(`Score each part from 0 to ${SCORE_PART_MAX}.`);
    expect(ValidationMessages.messageTooLong).toBe(`A message is at most ${MESSAGE_TEXT_MAX} characters.`);
    expect(ValidationMessages.searchTooLong).toBe(`Search for at most ${SEARCH_QUERY_MAX} characters.`);
    expect(ValidationMessages.searchTooManyWords).toBe(`Search for at most ${SEARCH_WORDS_MAX} words.`);
    expect(ValidationMessages.paymentMethod).toBe(`Use one of: ${PAYMENT_METHODS.join(", ")}.`);
    expect(ValidationMessages.language).toBe(`Choose one of the app's languages: ${LANGUAGES.join(", ")}.`);
    expect(ValidationMessages.webhookUrlTooLong).toBe(
      `A webhook's URL is at most ${WEBHOOK_URL_MAX} characters.`,
    );
    expect(ValidationMessages.abvRange).toBe(Messages.abvRange);
  });

  it("has each text once, so a text names one message", () => {
    const texts = Object.values(ValidationMessages);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("is what the schemas say, word for word", () => {
    expect(messageOf(BottleSizeSchema, 10)).toBe(
      "The bottle size must be a whole number of ml from 50 to 5000.",
    );
    expect(messageOf(BarcodeSchema, "ab")).toBe(ValidationMessages.barcodeInvalid);
    expect(messageOf(ScoreInputSchema.shape.nose, 26)).toBe("Score each part from 0 to 25.");
    const payment = { memberId: 1, amount: 10, date: "2024-01-01", method: "gold" };
    expect(messageOf(PaymentInputSchema, payment)).toBe(
      "Use one of: cash, bank transfer, card, cheque, other.",
    );
    const settings = ClubSettingsInputSchema.safeParse({ name: "Club", currency: "USD", joiningFee: -1 });
    const fieldErrors = settings.error?.flatten().fieldErrors as Record<string, string[]>;
    expect(fieldErrors.monthlyDues).toEqual(["Enter the monthly dues."]);
    expect(fieldErrors.joiningFee).toEqual(["The joining fee cannot be negative."]);
  });
});
