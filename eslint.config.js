import js from "@eslint/js";
import tseslint from "typescript-eslint";
import i18next from "eslint-plugin-i18next";

/**
 * Every text a person reads in the web app comes from the catalogues (apps/web/src/locales): a
 * text written as a literal (JSX text, or a literal in an attribute a person reads or hears) fails
 * the lint. Tests are exempt (they read the screens' English).
 */
const LOCALIZED = ["apps/web/src/**/*.tsx", "apps/web/src/**/*.ts"];
const LOCALIZED_EXEMPT = ["apps/web/src/**/*.test.ts", "apps/web/src/**/*.test.tsx"];

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
    ignores: LOCALIZED_EXEMPT,
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
    // The server's refusals are said in the reader's language from its catalogue
    // (apps/server/src/platform/serverMessages.ts lists the tables): a refusal's words come from
    // a table of packages/shared, never a literal where it is thrown.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/**/*.test.ts", "apps/server/src/admin/**", "apps/server/src/config.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "NewExpression[callee.name=/^(AppError|BadRequestError|UnauthorizedError|ForbiddenError|NotFoundError|ConflictError|PayloadTooLargeError|UnsupportedMediaTypeError|TooManyRequestsError|ServiceUnavailableError)$/] > :matches(Literal[value=/[a-z]/], TemplateLiteral)",
          message: "A refusal's words come from a message table of packages/shared (the server's catalogue).",
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
