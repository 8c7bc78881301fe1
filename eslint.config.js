import js from "@eslint/js";
import tseslint from "typescript-eslint";
import i18next from "eslint-plugin-i18next";

/**
 * The web app's folders and files whose texts are all in the catalogues (apps/web/src/locales): a
 * text a person reads written there as a literal (JSX text, or a literal in an attribute a person
 * reads or hears) fails the lint. Add a screen's folder here once its texts are converted.
 */
const LOCALIZED = [
  "apps/web/src/components/AppLayout.tsx",
  "apps/web/src/components/AppHeader.tsx",
  "apps/web/src/components/PhoneMenu.tsx",
  "apps/web/src/components/PhoneMyClub.tsx",
  "apps/web/src/components/NavLinks.tsx",
  "apps/web/src/components/RoleNavLinks.tsx",
  "apps/web/src/components/AccountControls.tsx",
  "apps/web/src/components/LanguageSelect.tsx",
  "apps/web/src/components/NotificationBell.tsx",
  "apps/web/src/components/ClubSearch/ClubSearchButton.tsx",
  "apps/web/src/components/AuthFields.tsx",
  "apps/web/src/screens/About/**",
  "apps/web/src/screens/Account/**",
  "apps/web/src/screens/ClubSettings/**",
  "apps/web/src/screens/Dues/**",
  "apps/web/src/screens/Login/**",
  "apps/web/src/screens/Meetings/**",
  "apps/web/src/screens/Members/**",
  "apps/web/src/screens/Register/**",
  "apps/web/src/screens/Rsvp/**",
  "apps/web/src/screens/Join/**",
  "apps/web/src/screens/MeetingDetails/**",
  "apps/web/src/screens/MeetingNight/**",
  "apps/web/src/screens/Treasurer/**",
  "apps/web/src/screens/ThemeIdeas/**",
  "apps/web/src/screens/Stats/**",
  "apps/web/src/screens/Wishlist/**",
  "apps/web/src/screens/Shelf/**",
  "apps/web/src/screens/Notifications/**",
  "apps/web/src/screens/ForgotPassword/**",
  "apps/web/src/screens/ResetPassword/**",
  "apps/web/src/screens/ConfirmEmail/**",
  "apps/web/src/screens/SsoLanding/**",
  "apps/web/src/screens/NotFound/**",
  "apps/web/src/screens/Backups/**",
  "apps/web/src/screens/Import/ImportPage.tsx",
  // The shared components, toasts and installable-app bars.
  "apps/web/src/components/AuthCard.tsx",
  "apps/web/src/components/BottleSizeInput.tsx",
  "apps/web/src/components/ClubSearch/ClubSearchDialog.tsx",
  "apps/web/src/components/ClubSearch/Loader.tsx",
  "apps/web/src/components/CommentForm.tsx",
  "apps/web/src/components/CommentList.tsx",
  "apps/web/src/components/ConfirmDialog.tsx",
  "apps/web/src/components/DataTable.tsx",
  "apps/web/src/components/DeleteDialog.tsx",
  "apps/web/src/components/EditDeleteActions.tsx",
  "apps/web/src/components/EditTextDialog.tsx",
  "apps/web/src/components/FillLevel.tsx",
  "apps/web/src/components/FormDialog.tsx",
  "apps/web/src/components/LogInPrompt.tsx",
  "apps/web/src/components/LookupSelect.tsx",
  "apps/web/src/components/PageHeader.tsx",
  "apps/web/src/components/SectionCard.tsx",
  "apps/web/src/components/SsoButton.tsx",
  "apps/web/src/components/SubmitForm.tsx",
  "apps/web/src/components/TableColumns.tsx",
  "apps/web/src/components/loader.tsx",
  "apps/web/src/components/status.tsx",
  "apps/web/src/components/statusLater.tsx",
  "apps/web/src/lib/notificationsUi.tsx",
  "apps/web/src/lib/undoToast.tsx",
  "apps/web/src/pwa/PwaStatus.tsx",
  "apps/web/src/screens/BottleDetails/**",
  "apps/web/src/screens/LibraryBottles/**",
  "apps/web/src/screens/Activity/**",
  "apps/web/src/screens/Import/**",
  "apps/web/src/screens/Webhooks/**",
];

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-ssr/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "packages/db/migrations/**",
      "**/*.config.*",
      // Typed against types generated at test time (apps/server/test/generated-client.test.ts runs
      // tsc on it then): without them, a clean clone has nothing to lint it against.
      "apps/server/test/client/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Plain JavaScript run by node as it is (the server's build script, the benchmark's bare Fastify).
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: "readonly", console: "readonly", URL: "readonly" },
    },
  },
  {
    // The web app knows the server only through @club/api (types) and @club/shared (schemas):
    // nothing of the server or the database may reach a bundle, not even by accident.
    files: ["apps/web/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@club/server", "@club/server/*", "@club/db", "@club/db/*"],
              message: "The web app uses @club/api for the router's types and @club/shared for schemas.",
            },
          ],
        },
      ],
    },
  },
  {
    files: LOCALIZED,
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": {
            include: [
              "aria-label",
              "aria-description",
              "title",
              "placeholder",
              "alt",
              "label",
              "description",
            ],
          },
          message: "A text a person reads comes from the catalogue (lib/i18n.ts, useT).",
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "**/test/**", "apps/e2e/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
