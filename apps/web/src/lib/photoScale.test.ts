import { describe, expect, it } from "vitest";
import { renamedFor, scaledSize, scaledType } from "./photoScale";

describe("phone photo scaling", () => {
  it("bounds the longest side to 1600 px, keeping the shape", () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(4032, 1816)).toEqual({ width: 1600, height: 721 });
  });

  it("never upscales and skips photos that are small already", () => {
    expect(scaledSize(1600, 1200)).toBeNull();
    expect(scaledSize(800, 600)).toBeNull();
    expect(scaledSize(0, 0)).toBeNull();
  });

  it("sends JPEG as JPEG and the other types as WebP, renamed to match", () => {
    expect(scaledType("image/jpeg")).toBe("image/jpeg");
    expect(scaledType("image/png")).toBe("image/webp");
    expect(renamedFor("IMG_0001.HEIC.jpeg", "image/jpeg")).toBe("IMG_0001.HEIC.jpg");
    expect(renamedFor("bottle.png", "image/webp")).toBe("bottle.webp");
    expect(renamedFor("noext", "image/jpeg")).toBe("noext.jpg");
  });
});
