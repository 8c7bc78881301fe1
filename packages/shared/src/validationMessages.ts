import { PASSWORD_MIN_LENGTH } from "./constants";

/**
 * Every message the shared schemas give when they refuse an input, in English, by a short name.
 * The server answers a refused input with these texts word for word (its 400s, in `issues`); the
 * screens check a form with the same schemas before sending it and show a member the text in their
 * own language: the web's `validation` catalogue has one message per name here.
 *
 * Each is one concrete text (a limit written out): a test checks each against its constant.
 */
export const ValidationMessages = {
  // Every name a person types, and what is required.
  required: "Required.",
  nameControls: "A name cannot contain control characters.",
  nameInvisibles: "A name cannot contain invisible characters.",
  // Dates.
  dateFormat: "Use the date format YYYY-MM-DD.",
  notRealDate: "Not a real date.",
  dateInFuture: "The date cannot be in the future.",
  monthFormat: "Use the month format YYYY-MM.",
  // Accounts.
  email: "Enter a valid email address.",
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  // Bottles and the cellar.
  abvRange: "ABV must be a number between 0 and 100.",
  storeLink: "The store link must be an http(s) URL.",
  bottleSize: "The bottle size must be a whole number of ml from 50 to 5000.",
  fillLevel: "The fill level must be a whole percent from 0 to 100.",
  barcodeCheckDigit: "This barcode's check digit is wrong: scan it again or check the digits.",
  barcodeInvalid: "A barcode is an EAN or UPC number, or a Code 128 text of 4 to 48 printable characters.",
  purchasePriceMissing: "Enter the purchase price.",
  pricePositive: "The price must be more than $0.",
  priceTooLarge: "The price is too large.",
  finishedBeforePurchase: "The finish date cannot be before the purchase date.",
  openedBeforePurchase: "The opened date cannot be before the purchase date.",
  finishedBeforeOpened: "The finish date cannot be before the opened date.",
  noteTooLong: "A note is at most 200 characters.",
  commentMissing: "Write a comment first.",
  // Meeting nights.
  rsvpStatus: "Answer going, maybe or declined.",
  rsvpGuests: "At most 3 guests.",
  phase: "A phase is pour, nose, palate, finish or score.",
  flightPours: "At most 30 pours.",
  bottleOnce: "A bottle can be poured once a night.",
  copyMode: "Copy to replace or append.",
  scorePart: "Score each part from 0 to 25.",
  scoreWhole: "Score each part in whole points.",
  tagOnce: "Each tag once.",
  guestCode: "A guest code has 6 letters and digits.",
  guestName: "A name has 1 to 40 characters.",
  messageMissing: "Write the message.",
  messageTooLong: "A message is at most 5000 characters.",
  // Search.
  searchTooLong: "Search for at most 200 characters.",
  searchTooManyWords: "Search for at most 12 words.",
  abvMinMax: "abvMin must not be above abvMax.",
  priceMinMax: "priceMin must not be above priceMax.",
  scoreMinMax: "scoreMin must not be above scoreMax.",
  // Dues.
  amountMissing: "Enter the amount.",
  amountPositive: "The amount must be more than $0.",
  amountTooLarge: "The amount is too large.",
  cents: "Use at most two decimals (cents).",
  paymentMethod: "Use one of: cash, bank transfer, card, cheque, other.",
  monthsMissing: "Enter the number of months.",
  wholeMonths: "A whole number of months.",
  atLeastOneMonth: "At least 1 month.",
  atMostTwelveMonths: "At most 12 months.",
  reasonMissing: "Give a reason.",
  atMost500: "At most 500 characters.",
  joiningFeePaid: "Say whether the joining fee was paid.",
  openingBalanceMissing: "Enter the opening balance (0 when none).",
  openingBalanceTooLarge: "The opening balance is too large.",
  // The club's settings.
  clubName: "Enter the club's name.",
  clubNameTooLong: "The club's name has at most 80 characters.",
  currencyMissing: "Enter a currency code.",
  currencyCode: "Use a three-letter currency code (ISO 4217), such as USD, EUR, SEK or JPY.",
  monthlyDuesMissing: "Enter the monthly dues.",
  monthlyDuesNegative: "The monthly dues cannot be negative.",
  monthlyDuesTooLarge: "The monthly dues is too large.",
  joiningFeeMissing: "Enter the joining fee.",
  joiningFeeNegative: "The joining fee cannot be negative.",
  joiningFeeTooLarge: "The joining fee is too large.",
  waiverMonthsMissing: "Enter the waiver's months.",
  waiverAtLeast: "A waiver is for at least 1 month.",
  waiverAtMost: "A waiver is for at most 12 months.",
  membershipMonthsMissing: "Enter the months of membership a waiver needs.",
  membershipMonthsNegative: "The months of membership cannot be negative.",
  membershipMonthsAtMost: "At most 120 months of membership.",
  weekday: "Choose the meeting's weekday.",
  weekOfMonth: "Choose which week of the month.",
  meetingTimeMissing: "Enter the meeting's time.",
  timeFormat: "Use the time format HH:MM (24 hours).",
  twoFactorRequired: "Choose whether two-factor sign-in is required.",
  language: "Choose one of the app's languages: en, de, sv, fr, ja, en-XA.",
  themeMode: "theme must be light or dark",
  decimalMark: "The decimal mark and the thousands separator must differ.",
  // Signing in, tokens, passkeys, webhooks, notifications.
  codeFormat: "Enter the 6-digit code from your authenticator app.",
  codeOrRecoveryFormat: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  mfaExpired: "This sign-in has expired or was used already. Log in with your email and password again.",
  signInCode: "Not a sign-in code.",
  scopeMissing: "Choose at least one scope.",
  passkeyName: "Give the passkey a name.",
  base64url: "Not base64url.",
  webhookUrlMissing: "Give the URL to send to.",
  webhookUrlTooLong: "A webhook's URL is at most 2000 characters.",
  eventMissing: "Choose at least one event.",
  notificationMissing: "Name a notification.",
  idsOrAll: "Send either ids or all: true.",
  pushEndpointUrl: "A push endpoint is an http(s) URL.",
  pushEndpointTooLong: "A push endpoint is at most 2000 characters.",
  pushP256dh: "The subscription's p256dh key is not a P-256 public key.",
  pushAuth: "The subscription's auth secret is not valid.",
  // A call no server answered (the web's own words).
  unreachable: "The server could not be reached. Check your connection and try again.",
} as const;

export type ValidationMessageKey = keyof typeof ValidationMessages;
