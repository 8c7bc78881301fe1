import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, ServerMessages } from "@club/shared";
import { IMAGE_ACCEPT, imageFileProblem } from "./uploadCheck";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("image file check before an upload", () => {
  it("accepts JPEG, PNG, WebP and GIF up to 10 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"]) {
      expect(imageFileProblem(file("bottle", type)), type).toBeNull();
    }
    expect(imageFileProblem(file("big.jpg", "image/jpeg", IMAGE_MAX_BYTES))).toBeNull();
  });

  it("refuses other types with the server's message", () => {
    expect(imageFileProblem(file("notes.pdf", "application/pdf"))).toBe(ServerMessages.imageUnsupported);
    expect(imageFileProblem(file("bottle.svg", "image/svg+xml"))).toBe(ServerMessages.imageUnsupported);
    expect(imageFileProblem(file("bottle.heic", "image/heic"))).toBe(ServerMessages.imageUnsupported);
  });

  it("judges a file without a type by its extension", () => {
    expect(imageFileProblem(file("bottle.WEBP", ""))).toBeNull();
    expect(imageFileProblem(file("bottle.txt", ""))).toBe(ServerMessages.imageUnsupported);
  });

  it("refuses a file over 10 MB, and an empty one", () => {
    expect(imageFileProblem(file("huge.png", "image/png", IMAGE_MAX_BYTES + 1))).toBe(
      ServerMessages.imageTooLarge,
    );
    expect(imageFileProblem(file("empty.png", "image/png", 0))).toBe(ServerMessages.imageInvalid);
  });

  it("offers only those types in the file picker", () => {
    expect(IMAGE_ACCEPT.split(",")).toEqual(expect.arrayContaining(["image/jpeg", "image/gif", ".webp"]));
    expect(IMAGE_ACCEPT).not.toContain("image/*");
  });
});
