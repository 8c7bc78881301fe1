import { describe, expect, it } from "vitest";
import { loadLanguage, translate } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

const say = (language: "en" | "de", change: string) =>
  translate(language, commonMessages, "undoable.done", { change, done: "English fallback." });

describe("an undoable write's words", () => {
  it("are the same English as ever, and a pair the catalogue does not name stays English", async () => {
    expect(say("en", "delete_theme")).toBe("Theme deleted.");
    expect(say("en", "save_fill_level")).toBe("Fill level saved.");
    expect(translate("en", commonMessages, "undoable.failed", { change: "rename_theme", failed: "x" })).toBe(
      "Failed to rename the theme.",
    );
    await loadLanguage("de");
    expect(say("de", "delete_theme")).toBe("Thema gelöscht.");
    expect(say("de", "open_meeting")).toBe("English fallback.");
  });

  it("name the thing a dialog deletes", () => {
    expect(translate("en", commonMessages, "delete.title", { entity: "instance" })).toBe("Delete Purchase");
    expect(translate("en", commonMessages, "delete.confirm", { entity: "instance" })).toBe("Delete purchase");
  });
});
