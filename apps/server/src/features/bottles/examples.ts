import { newBottleId, tinyPng, type Examples } from "../../../test/fuzz/fixtures";

/** The code each fixture club's scan example reads (see bottles.byBarcode below). */
const scanCodes = new WeakMap<object, string>();

export const examples: Examples = {
  procedures: {
    "bottles.list": { access: "public", input: () => undefined },
    "bottles.options": { access: "public", input: () => undefined },
    "bottles.byId": { access: "public", input: (c) => ({ id: c.f.bottleId }) },
    "bottles.byBarcode": {
      access: "public",
      input: async (c) => {
        // A bottle of its own, made once per club: the fixture's bottles are deleted and merged
        // by other walks, and a new entry on every call would crowd the activity log's first page.
        let code = scanCodes.get(c.f);
        if (code === undefined) {
          code = `SCAN-${c.n()}`;
          scanCodes.set(c.f, code);
          await c.t.caller(c.f.member.user).bottles.setBarcode({ id: await newBottleId(c), code });
        }
        return { code };
      },
    },
    "bottles.setBarcode": {
      access: "member",
      input: (c) => ({ id: c.f.bottleId, code: `CLUB-${c.f.bottleId}` }),
    },
    "bottles.favourites": { access: "member", input: () => undefined },
    "bottles.setFavourite": {
      access: "member",
      input: (c) => ({ id: c.f.bottleId, favourite: c.n() % 2 === 0 }),
    },
    "bottles.create": {
      access: "member",
      input: (c) => ({
        name: `New bottle ${c.n()}`,
        storeLink: "https://shop.example/x",
        brandId: null,
        newBrand: "",
        drinkTypeId: c.f.drinkTypeId,
        countryId: c.f.countryId,
        stateId: c.f.stateId,
        abv: 46.3,
      }),
    },
    "bottles.updateBrand": {
      access: "member",
      input: (c) => ({ bottleId: c.f.bottleId, brandId: c.f.brandId }),
    },
    "bottles.updateDrinkType": {
      access: "member",
      input: (c) => ({ bottleId: c.f.bottleId, drinkTypeId: 2 + (c.n() % 2) }),
    },
    "bottles.updateCountry": {
      access: "member",
      input: (c) => ({ bottleId: c.f.bottleId, countryId: 2 + (c.n() % 2) }),
    },
    "bottles.updateState": {
      access: "member",
      input: (c) => ({ bottleId: c.f.bottleId, stateId: 2 + (c.n() % 2) }),
    },
    "bottles.updateAbv": {
      access: "member",
      input: (c) => ({ bottleId: c.f.bottleId, abv: 50 + (c.n() % 40) / 10 }),
    },
    "bottles.update": {
      access: "member",
      input: (c) => ({
        id: c.f.bottleId,
        name: `Fixture bottle ${c.n()}`,
        storeLink: "https://example.com/b",
      }),
    },
    "bottles.delete": { access: "admin", as: "admin", input: async (c) => ({ id: await newBottleId(c) }) },
  },
  rest: {
    "GET /api/Bottles/:id/Image": {
      access: "public",
      call: (c) => ({
        params: { id: String(c.f.imageBottleId) },
        query: { size: "thumb" },
      }),
    },
    "POST /api/Bottles/UploadImage": {
      access: "member",
      call: async (c) => ({
        query: { bottleId: String(c.f.imageBottleId) },
        multipart: [
          { name: "image", filename: "bottle.png", contentType: "image/png", data: await tinyPng() },
        ],
      }),
    },
  },
};
