import { z, type ZodObject, type ZodType } from "zod";
import {
  AddBottleToMeetingInputSchema,
  BottleDetailSchema,
  BottleIdSchema,
  BottleImageQuerySchema,
  BottleInstanceSchema,
  BottleListItemSchema,
  BottleOptionSchema,
  CommentSchema,
  CommentsByBottleSchema,
  ConfirmEmailInputSchema,
  InstanceIdSchema,
  LoginInputSchema,
  LookupItemSchema,
  MeetingDetailSchema,
  MeetingIdSchema,
  MeetingListItemSchema,
  MessageSchema,
  NewBottleInputSchema,
  NewCommentInputSchema,
  NewInstanceInputSchema,
  NewMeetingInputSchema,
  NewThemeInputSchema,
  RefreshInputSchema,
  RegisterInputSchema,
  ResendConfirmationInputSchema,
  ThemeListItemSchema,
  TokenPairSchema,
  UpdateAbvInputSchema,
  UpdateBrandInputSchema,
  UpdateCountryInputSchema,
  UpdateDrinkTypeInputSchema,
  UpdateStateInputSchema,
  UploadImageQuerySchema,
  UploadImageResultSchema,
} from "@club/shared";
import {
  CreatedIdSchema,
  CreatedThemeSchema,
  HealthSchema,
  LoginResultSchema,
  OkSchema,
  ValidTokenSchema,
} from "./schemas";

export type Tag =
  "Auth" | "Meetings" | "Themes" | "Bottles" | "Bottle instances" | "Comments" | "Lookups" | "Operations";

/** Error statuses a route can answer, each with the shared JSON error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface ApiRoute {
  method: "GET" | "POST" | "PUT";
  /** The path exactly as Fastify registers it (`:id` parameters). */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** A valid `Authorization: Bearer <accessToken>` is required (401 otherwise). */
  auth?: boolean;
  params?: ZodObject;
  query?: ZodObject;
  /** A JSON request body. */
  body?: ZodType;
  /** A multipart/form-data body with one file field of this name. */
  fileField?: string;
  response: {
    status: 200 | 201;
    description: string;
    /** JSON body; a named schema or an array of one. Omitted with `binary`. */
    schema?: ZodType;
    /** A binary body of these media types instead of JSON. */
    binary?: string[];
  };
  /** Answers 304 Not Modified when If-None-Match matches its ETag. */
  notModified?: boolean;
  /** Per-IP rate limited (plugins/security.ts): 429 with Retry-After. */
  rateLimited?: boolean;
  /**
   * The route's own error statuses. The document adds the implied ones: 400 with any input,
   * 401 with `auth`, 413 and 415 with a body, 429 with `rateLimited`.
   */
  errors: ErrorStatus[];
}

const list = <T extends ZodType>(item: T) => z.array(item);

/**
 * Every REST route of SPEC.md section 7, plus the extra auth routes and /healthz: the source of
 * the OpenAPI document at /api/openapi.json. test/openapi.test.ts checks it against the routes the
 * server actually registers, both ways.
 */
export const apiRoutes: ApiRoute[] = [
  // ---- Auth ----
  {
    method: "POST",
    path: "/login",
    operationId: "login",
    tag: "Auth",
    summary: "Log in",
    description:
      "Exchanges email and password for an access token (a JWT valid for 15 minutes) and a refresh token (30 days, single use). 403 when the email address is not confirmed yet.",
    body: LoginInputSchema,
    response: {
      status: 200,
      description: "The token pair and the member's email.",
      schema: LoginResultSchema,
    },
    rateLimited: true,
    errors: [401, 403],
  },
  {
    method: "POST",
    path: "/api/Register/register",
    operationId: "register",
    tag: "Auth",
    summary: "Register a member",
    description:
      "Stores the member unconfirmed and emails a confirmation link (valid 24 hours). Login is refused until the address is confirmed.",
    body: RegisterInputSchema,
    response: {
      status: 201,
      description: "Registered; a confirmation email is on its way.",
      schema: MessageSchema,
    },
    rateLimited: true,
    errors: [409],
  },
  {
    method: "POST",
    path: "/api/Register/refresh",
    operationId: "refresh",
    tag: "Auth",
    summary: "Refresh the tokens",
    description:
      "Rotates the refresh token: the one sent becomes invalid. Presenting an already-rotated token revokes its whole family (theft detection).",
    body: RefreshInputSchema,
    response: { status: 200, description: "A new token pair.", schema: TokenPairSchema },
    rateLimited: true,
    errors: [401],
  },
  {
    method: "POST",
    path: "/api/Register/validateToken",
    operationId: "validateToken",
    tag: "Auth",
    summary: "Check an access token",
    description: "200 when the bearer access token is valid, 401 otherwise. No body.",
    auth: true,
    response: { status: 200, description: "The token is valid.", schema: ValidTokenSchema },
    errors: [],
  },
  {
    method: "GET",
    path: "/api/Register/confirmemail",
    operationId: "confirmEmail",
    tag: "Auth",
    summary: "Confirm an email address",
    description:
      "The link of the confirmation email. Single use; confirming an already confirmed address again answers 200.",
    query: ConfirmEmailInputSchema,
    response: { status: 200, description: "Confirmed.", schema: MessageSchema },
    rateLimited: true,
    errors: [],
  },
  {
    method: "POST",
    path: "/api/Register/logout",
    operationId: "logout",
    tag: "Auth",
    summary: "Log out",
    description:
      "Revokes the refresh token and every token rotated from the same login. Unknown tokens are ignored.",
    body: RefreshInputSchema,
    response: { status: 200, description: "Logged out.", schema: OkSchema },
    errors: [],
  },
  {
    method: "POST",
    path: "/api/Register/resendConfirmation",
    operationId: "resendConfirmation",
    tag: "Auth",
    summary: "Send the confirmation email again",
    description:
      "Always the same answer, so it does not reveal who is registered. At most one email a minute per member.",
    body: ResendConfirmationInputSchema,
    response: {
      status: 200,
      description: "Sent if the address belongs to an unconfirmed member.",
      schema: MessageSchema,
    },
    rateLimited: true,
    errors: [],
  },

  // ---- Meetings ----
  {
    method: "GET",
    path: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    operationId: "listMeetings",
    tag: "Meetings",
    summary: "List meetings",
    description: "Newest date first.",
    response: { status: 200, description: "The meetings.", schema: list(MeetingListItemSchema) },
    errors: [],
  },
  {
    method: "POST",
    path: "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
    operationId: "createMeeting",
    tag: "Meetings",
    summary: "Add a meeting",
    auth: true,
    body: NewMeetingInputSchema,
    response: { status: 201, description: "Created.", schema: CreatedIdSchema },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/MonthlyMeetings/:id",
    operationId: "getMeeting",
    tag: "Meetings",
    summary: "Get a meeting with the bottles sampled",
    params: MeetingIdSchema,
    response: { status: 200, description: "The meeting.", schema: MeetingDetailSchema },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/MonthlyMeetings/AddBottleToMeeting",
    operationId: "addBottleToMeeting",
    tag: "Meetings",
    summary: "Add a bottle to a meeting",
    description:
      "Requires a bearer token (the original client sent none; this server requires it for every write).",
    auth: true,
    body: AddBottleToMeetingInputSchema,
    response: { status: 200, description: "Added.", schema: OkSchema },
    errors: [404, 409],
  },

  // ---- Themes ----
  {
    method: "GET",
    path: "/api/MonthlyThemes/WithLastDate",
    operationId: "listThemes",
    tag: "Themes",
    summary: "List themes with the date they were last used",
    description: "`lastDate` is `0001-01-01T00:00:00` for a theme no meeting has used yet.",
    response: { status: 200, description: "The themes.", schema: list(ThemeListItemSchema) },
    errors: [],
  },
  {
    method: "POST",
    path: "/api/MonthlyThemes",
    operationId: "createTheme",
    tag: "Themes",
    summary: "Add a theme",
    description: "The client sends `{id: 0, description}`; the id is ignored.",
    auth: true,
    body: NewThemeInputSchema,
    response: { status: 201, description: "Created.", schema: CreatedThemeSchema },
    errors: [409],
  },

  // ---- Bottles ----
  {
    method: "GET",
    path: "/api/Bottles",
    operationId: "bottleOptions",
    tag: "Bottles",
    summary: "List every bottle's id and name",
    description: "Sorted by name; for the Add Bottle to meeting dialog.",
    response: { status: 200, description: "The bottles.", schema: list(BottleOptionSchema) },
    errors: [],
  },
  {
    method: "GET",
    path: "/api/Bottles/AllBottlesList",
    operationId: "listBottles",
    tag: "Bottles",
    summary: "List the bottle library",
    response: {
      status: 200,
      description: "The bottles, sorted by name.",
      schema: list(BottleListItemSchema),
    },
    errors: [],
  },
  {
    method: "GET",
    path: "/api/Bottles/:id",
    operationId: "getBottle",
    tag: "Bottles",
    summary: "Get a bottle with its purchases",
    params: BottleIdSchema,
    response: { status: 200, description: "The bottle.", schema: BottleDetailSchema },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/Bottles/:id/Image",
    operationId: "getBottleImage",
    tag: "Bottles",
    summary: "Get a bottle's image",
    description:
      "The stored image (re-encoded, at most 1600 px), or with `size=medium` / `size=thumb` a variant of at most 800 / 320 px. Served with an ETag: send it back in If-None-Match to get a 304. 404 when the bottle has no image.",
    params: BottleIdSchema,
    query: BottleImageQuerySchema,
    response: { status: 200, description: "The image.", binary: ["image/webp"] },
    notModified: true,
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/Bottles/UploadImage",
    operationId: "uploadBottleImage",
    tag: "Bottles",
    summary: "Upload a bottle's image",
    description:
      "multipart/form-data with one file in the field `image`: JPEG, PNG, WebP or GIF (recognised by content), at most 10 MB. It is re-encoded, which strips EXIF and GPS data, and replaces any previous image.",
    auth: true,
    query: UploadImageQuerySchema,
    fileField: "image",
    response: {
      status: 200,
      description: "Stored; `imageVersion` is the new image's content hash (BottleDetail.imageVersion).",
      schema: UploadImageResultSchema,
    },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/Bottles/NewBottle",
    operationId: "createBottle",
    tag: "Bottles",
    summary: "Add a bottle",
    description:
      "A non-empty `newBrand` creates (or reuses, ignoring case) that brand and wins over `brandId`; with neither, the bottle's name is used as its brand.",
    auth: true,
    body: NewBottleInputSchema,
    response: { status: 201, description: "Created.", schema: CreatedIdSchema },
    errors: [404],
  },
  ...(
    [
      ["UpdateBrand", "updateBrand", "brand", UpdateBrandInputSchema],
      ["UpdateDrinkType", "updateDrinkType", "drink type", UpdateDrinkTypeInputSchema],
      ["UpdateCountry", "updateCountry", "country", UpdateCountryInputSchema],
      ["UpdateState", "updateState", "state", UpdateStateInputSchema],
      ["UpdateABV", "updateAbv", "ABV", UpdateAbvInputSchema],
    ] as const
  ).map(([action, operationId, what, body]): ApiRoute => ({
    method: "POST",
    path: `/api/Bottles/${action}`,
    operationId,
    tag: "Bottles",
    summary: `Change a bottle's ${what}`,
    auth: true,
    body,
    response: { status: 200, description: "Updated.", schema: OkSchema },
    errors: [404],
  })),

  // ---- Bottle instances ----
  {
    method: "POST",
    path: "/api/BottleInstances/new",
    operationId: "createInstance",
    tag: "Bottle instances",
    summary: "Add a purchase of a bottle",
    description:
      "`purchasePrice` is in dollars. A new instance is unfinished: `dateFinished` is null or absent.",
    auth: true,
    body: NewInstanceInputSchema,
    response: { status: 201, description: "Created.", schema: BottleInstanceSchema },
    errors: [404],
  },
  {
    method: "PUT",
    path: "/api/BottleInstances/finish/:id",
    operationId: "finishInstance",
    tag: "Bottle instances",
    summary: "Mark a bottle instance finished",
    description: "Sets `dateFinished` to the server's today. Finishing twice is a 409.",
    auth: true,
    params: InstanceIdSchema,
    response: { status: 200, description: "Finished.", schema: BottleInstanceSchema },
    errors: [404, 409],
  },

  // ---- Comments ----
  {
    method: "GET",
    path: "/api/BottleComments/bottle/:bottleId",
    operationId: "listComments",
    tag: "Comments",
    summary: "List a bottle's comments",
    description: "Oldest first.",
    params: CommentsByBottleSchema,
    response: { status: 200, description: "The comments.", schema: list(CommentSchema) },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/BottleComments",
    operationId: "createComment",
    tag: "Comments",
    summary: "Comment on a bottle",
    auth: true,
    body: NewCommentInputSchema,
    response: { status: 201, description: "Created.", schema: CommentSchema },
    errors: [404],
  },

  // ---- Lookups ----
  ...(
    [
      ["Brands", "listBrands", "brands"],
      ["DrinkTypes", "listDrinkTypes", "drink types"],
      ["Countries", "listCountries", "countries"],
      ["States", "listStates", "states (regions)"],
    ] as const
  ).map(([resource, operationId, what]): ApiRoute => ({
    method: "GET",
    path: `/api/${resource}`,
    operationId,
    tag: "Lookups",
    summary: `List ${what}`,
    description: "Sorted by name.",
    response: { status: 200, description: `The ${what}.`, schema: list(LookupItemSchema) },
    errors: [],
  })),

  // ---- Operations ----
  {
    method: "GET",
    path: "/healthz",
    operationId: "health",
    tag: "Operations",
    summary: "Health check",
    description:
      "200 when the database is reachable, 503 otherwise. For Docker's HEALTHCHECK and uptime monitors.",
    response: { status: 200, description: "Healthy.", schema: HealthSchema },
    errors: [503],
  },
];
