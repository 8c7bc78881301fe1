import { afterEach, describe, expect, it } from "vitest";
import { ValidationMessages, type Language } from "@club/shared";
import english from "../locales/en/validation.json";
import { ApiError } from "./errors";
import { LanguageProvider, loadLanguage } from "./i18n";
import { purchasePriceProblem } from "./purchaseRules";
import { firstIssueText, refusalReason, validationErrors, validationText } from "./validationText";
import { newPasswordError } from "../screens/ResetPassword/newPassword";

/** The app shows a language (what LanguageProvider's render sets for the code outside components). */
const show = (language: Language) => LanguageProvider({ language, children: null });

describe("the schemas' refusals in the reader's language", () => {
  afterEach(() => show("en"));

  it("has every message of the shared table, word for word, in the English catalogue", () => {
    expect(english).toEqual(ValidationMessages);
  });

  it("gives a German reader the German text, and leaves English as it is", async () => {
    await loadLanguage("de");
    expect(validationText(ValidationMessages.cents)).toBe("Use at most two decimals (cents).");
    show("de");
    expect(validationText("Use at most two decimals (cents).")).toBe(
      "Verwende höchstens zwei Nachkommastellen (Cent).",
    );
    expect(validationText("Score each part from 0 to 25.")).toBe("Bewerte jeden Teil mit 0 bis 25 Punkten.");
    expect(validationText("Enter the meeting's time.")).toBe("Gib die Uhrzeit des Treffens ein.");
    expect(purchasePriceProblem(0)).toBe("Der Preis muss größer als 0 sein.");
    expect(newPasswordError("short")).toBe("Verwende mindestens 8 Zeichen.");
    expect(validationErrors({ email: "Enter a valid email address.", other: "Not one of them." })).toEqual({
      email: "Gib eine gültige E-Mail-Adresse ein.",
      other: "Not one of them.",
    });
    expect(firstIssueText(undefined)).toBeUndefined();
    show("en");
    expect(validationText("Score each part from 0 to 25.")).toBe("Score each part from 0 to 25.");
    expect(purchasePriceProblem(0)).toBe("The price must be more than $0.");
  });

  it("keeps a text that is not one of the schemas' as it is", async () => {
    await loadLanguage("fr");
    show("fr");
    expect(validationText("Theme not found.")).toBe("Theme not found.");
    expect(validationText("Required.")).toBe("Obligatoire.");
  });

  it("says the server's refusal of a form in the reader's language", async () => {
    await loadLanguage("ja");
    const refused = new ApiError(400, "BAD_REQUEST", "The request is not valid.", {
      formErrors: [],
      fieldErrors: { abv: ["ABV must be a number between 0 and 100."] },
    });
    expect(refusalReason(refused)).toBe("ABV must be a number between 0 and 100.");
    show("ja");
    expect(refusalReason(refused)).toBe("アルコール度数は0から100の数値にしてください。");
    const other = new ApiError(409, "CONFLICT", "A theme with this name already exists.");
    expect(refusalReason(other)).toBe("A theme with this name already exists.");
  });
});
