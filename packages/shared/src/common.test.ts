import { describe, expect, it } from "vitest";
import { nameTextSchema } from "./common";

const messageOf = (schema: ReturnType<typeof nameTextSchema>, name: string) => {
  const result = schema.safeParse(name);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("nameTextSchema", () => {
  const required = nameTextSchema({ max: 40, required: "A name has 1 to 40 characters." });
  const optional = nameTextSchema({ max: 40, min: 0 });

  it("gives a name that looks blank the blank name's message", () => {
    expect(messageOf(required, "\u200b")).toBe("A name has 1 to 40 characters.");
    expect(messageOf(required, " \u200b \ufeff ")).toBe("A name has 1 to 40 characters.");
  });

  it("names the invisible character hidden in a visible name", () => {
    expect(messageOf(required, "Peat\u200bWeek")).toBe("A name cannot contain invisible characters.");
    expect(messageOf(optional, "\u200b")).toBe("A name cannot contain invisible characters.");
  });

  it("keeps the joiners some scripts and emoji need", () => {
    expect(required.parse("Kai \u{1F468}\u200d\u{1F469}")).toBe("Kai \u{1F468}\u200d\u{1F469}");
  });
});
