/**
 * the whole flow of docs/product.md's calls through a client generated from the served OpenAPI document
 * (openapi-typescript's `paths`, openapi-fetch): no casts, no hand-written types. The test
 * (../generated-client.test.ts) generates ./generated/api.d.ts, type-checks this file against it
 * with tsc, then runs it against the server with every answer validated against the document.
 */
import type { Client } from "openapi-fetch";
import type { paths } from "./generated/api";

export interface FlowInput {
  email: string;
  password: string;
  /** A small PNG, for the multipart upload. */
  png: Blob;
  /** Today, YYYY-MM-DD. */
  today: string;
}

/** Throws with the call's name when a step does not answer as the floor says. */
function check(condition: boolean, step: string): asserts condition {
  if (!condition) throw new Error(`generated client: ${step}`);
}

export async function runSpecFlow(client: Client<paths>, input: FlowInput): Promise<string[]> {
  const steps: string[] = [];
  const done = (step: string) => steps.push(step);

  // Login: {email, password} -> {accessToken, refreshToken}
  const login = await client.POST("/login", { body: { email: input.email, password: input.password } });
  check(login.data !== undefined, "POST /login");
  // A member without two-factor sign-in gets the pair at once (else {mfaRequired, mfaToken}).
  check("accessToken" in login.data, "POST /login: the token pair");
  const { accessToken, refreshToken } = login.data;
  const auth = { headers: { Authorization: `Bearer ${accessToken}` } };
  done("login");

  const valid = await client.POST("/api/Register/validateToken", auth);
  check(valid.response.status === 200, "POST /api/Register/validateToken");
  const invalid = await client.POST("/api/Register/validateToken", {
    headers: { Authorization: "Bearer not-a-token" },
  });
  check(invalid.response.status === 401 && invalid.error !== undefined, "validateToken with a bad token");
  done("validateToken");

  // The lists
  const meetings = await client.GET("/api/MonthlyMeetings/GetMonthlyMeetingsWithNames");
  check(meetings.data !== undefined, "GET meetings");
  const available = await client.GET("/api/Bottles");
  check(available.data !== undefined, "GET /api/Bottles");
  const library = await client.GET("/api/Bottles/AllBottlesList");
  check(library.data !== undefined, "GET AllBottlesList");
  const brands = await client.GET("/api/Brands");
  const types = await client.GET("/api/DrinkTypes");
  const countries = await client.GET("/api/Countries");
  const states = await client.GET("/api/States");
  check(
    brands.data !== undefined &&
      types.data !== undefined &&
      countries.data !== undefined &&
      states.data !== undefined,
    "lookups",
  );
  const firstType = types.data[0];
  const firstCountry = countries.data[0];
  const firstState = states.data[0];
  check(firstType !== undefined && firstCountry !== undefined && firstState !== undefined, "seeded lookups");
  done("lists");

  // Theme: {id: 0, description}
  const theme = await client.POST("/api/MonthlyThemes", {
    ...auth,
    body: { id: 0, description: `Generated client ${input.today}` },
  });
  check(theme.data !== undefined, "POST /api/MonthlyThemes");
  const themes = await client.GET("/api/MonthlyThemes/WithLastDate");
  check(themes.data?.some((t) => t.id === theme.data.id) === true, "the new theme is listed");
  done("theme");

  // Meeting: {date, hostName, themeId}
  const meeting = await client.POST("/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", {
    ...auth,
    body: { date: input.today, hostName: "Generated Host", themeId: theme.data.id },
  });
  check(meeting.data !== undefined, "POST PostMonthlyMeetingsWithNames");
  done("meeting");

  // New bottle with newBrand
  const bottle = await client.POST("/api/Bottles/NewBottle", {
    ...auth,
    body: {
      name: "Generated Client Malt",
      storeLink: "https://example.org/malt",
      brandId: null,
      newBrand: "Generated Distillers",
      drinkTypeId: firstType.id,
      countryId: firstCountry.id,
      stateId: null,
      abv: 46,
    },
  });
  check(bottle.data !== undefined, "POST /api/Bottles/NewBottle");
  const bottleId = bottle.data.id;
  done("new bottle");

  // Add to meeting, then the meeting's detail lists it
  const added = await client.POST("/api/MonthlyMeetings/AddBottleToMeeting", {
    ...auth,
    body: { meetingId: meeting.data.id, bottleId },
  });
  check(added.data !== undefined, "POST AddBottleToMeeting");
  const detail = await client.GET("/api/MonthlyMeetings/{id}", {
    params: { path: { id: meeting.data.id } },
  });
  check(detail.data?.bottlesSampled.some((b) => b.id === bottleId) === true, "the meeting lists the bottle");
  done("add to meeting");

  // Comment
  const comment = await client.POST("/api/BottleComments", {
    ...auth,
    body: { bottleId, comment: "Peat and pears." },
  });
  check(comment.data !== undefined, "POST /api/BottleComments");
  const comments = await client.GET("/api/BottleComments/bottle/{bottleId}", {
    params: { path: { bottleId } },
  });
  check(comments.data?.some((c) => c.comment === "Peat and pears.") === true, "the comment is listed");
  done("comment");

  // Purchase and finish
  const instance = await client.POST("/api/BottleInstances/new", {
    ...auth,
    // the product's client sends dateFinished: null too; openapi-fetch's Writable<> type drops a
    // property whose only type is null (NonNullable<null> is never), so this client leaves it out.
    body: { datePurchased: input.today, purchasePrice: 59.9, bottleId },
  });
  check(instance.data !== undefined, "POST /api/BottleInstances/new");
  const finish = await client.PUT("/api/BottleInstances/finish/{id}", {
    ...auth,
    params: { path: { id: instance.data.id } },
  });
  check(finish.response.ok, "PUT /api/BottleInstances/finish/{id}");
  const again = await client.PUT("/api/BottleInstances/finish/{id}", {
    ...auth,
    params: { path: { id: instance.data.id } },
  });
  check(again.response.status === 409 && again.error !== undefined, "finishing twice is a 409");
  done("purchase and finish");

  // The ABV update, valid and 150
  const abv = await client.POST("/api/Bottles/UpdateABV", { ...auth, body: { bottleId, abv: 43.5 } });
  check(abv.data !== undefined, "POST UpdateABV 43.5");
  const tooStrong = await client.POST("/api/Bottles/UpdateABV", { ...auth, body: { bottleId, abv: 150 } });
  check(
    tooStrong.response.status === 400 &&
      tooStrong.error?.error.message === "ABV must be a number between 0 and 100.",
    "POST UpdateABV 150 is the floor's message",
  );
  done("ABV");

  // The four attribute updates (to the brand NewBottle created)
  const brandsNow = await client.GET("/api/Brands");
  const brandId = brandsNow.data?.find((b) => b.name === "Generated Distillers")?.id;
  check(brandId !== undefined, "the new brand is listed");
  const updates = [
    await client.POST("/api/Bottles/UpdateBrand", { ...auth, body: { bottleId, brandId } }),
    await client.POST("/api/Bottles/UpdateDrinkType", {
      ...auth,
      body: { bottleId, drinkTypeId: firstType.id },
    }),
    await client.POST("/api/Bottles/UpdateCountry", {
      ...auth,
      body: { bottleId, countryId: firstCountry.id },
    }),
    await client.POST("/api/Bottles/UpdateState", { ...auth, body: { bottleId, stateId: firstState.id } }),
  ];
  check(
    updates.every((u) => u.data !== undefined),
    "the four attribute updates",
  );
  done("attribute updates");

  // The multipart image upload, then the image bytes
  const upload = await client.POST("/api/Bottles/UploadImage", {
    ...auth,
    params: { query: { bottleId } },
    body: { image: input.png },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append("image", body.image, "bottle.png");
      return form;
    },
  });
  check(upload.data !== undefined, "POST /api/Bottles/UploadImage");
  const image = await client.GET("/api/Bottles/{id}/Image", {
    params: { path: { id: bottleId } },
    parseAs: "blob",
  });
  check(image.data !== undefined && image.data.size > 0, "GET the image");
  const details = await client.GET("/api/Bottles/{id}", { params: { path: { id: bottleId } } });
  check(
    details.data?.hasImage === true &&
      details.data.bottleInstances.some((i) => i.id === instance.data.id && i.dateFinished !== null),
    "the bottle's details",
  );
  done("image");

  // Refresh: {refreshToken} -> a new pair; the new access token works
  const refreshed = await client.POST("/api/Register/refresh", { body: { refreshToken } });
  check(refreshed.data !== undefined, "POST /api/Register/refresh");
  const still = await client.POST("/api/Register/validateToken", {
    headers: { Authorization: `Bearer ${refreshed.data.accessToken}` },
  });
  check(still.response.status === 200, "the refreshed token is valid");
  done("refresh");

  return steps;
}
