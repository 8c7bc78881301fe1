import type { Examples } from "../../../test/fuzz/fixtures";
import { exportClub } from "./clubService";

export const IMPORT_MAPPING = { name: "Name", brand: "Brand", type: "Type", abv: "ABV", price: "Price" };

export const examples: Examples = {
  rest: {
    "GET /api/Bottles/Export": { access: "public", call: () => ({ query: { what: "bottles" } }) },
    // A new bottle each time, so that the import writes (and logs) something.
    "POST /api/Bottles/Import": {
      access: "member",
      call: (c) => ({
        query: { dryRun: "false" },
        multipart: [
          {
            name: "file",
            filename: "bottles.csv",
            contentType: "text/csv",
            data: `Name,Brand,Type,ABV,Price\r\nImported bottle ${c.n()},Import Distillers,Bourbon,46,39.50\r\n`,
          },
          { name: "mapping", data: JSON.stringify(IMPORT_MAPPING) },
        ],
      }),
    },
    "GET /api/Club/Export": { access: "admin", call: () => ({}) },
    // The club as it is now: restoring it changes nothing but the sessions and the activity log.
    "POST /api/Club/Import": {
      access: "admin",
      call: (c) => ({
        multipart: [
          {
            name: "file",
            filename: "club.json",
            contentType: "application/json",
            data: JSON.stringify(exportClub(c.t.app.deps)),
          },
          { name: "confirm", data: "REPLACE" },
        ],
      }),
    },
  },
};
