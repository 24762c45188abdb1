// ESLint for the whole repository (flat config): typescript-eslint's recommended rules everywhere,
// React's hooks rules in the portal and its component tests. Imports and module boundaries are
// dependency-cruiser's part (.dependency-cruiser.cjs); both run in `npm run lint`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/**", "dist-server/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "backups/**", ".cluster/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    rules: {
      // An unused name that starts with _ is kept on purpose (a parameter a signature requires).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Validators match control characters precisely in order to refuse them.
      "no-control-regex": "off",
      // Chinese copy uses the ideographic space in texts; elsewhere (code) it is still refused.
      "no-irregular-whitespace": ["error", { skipStrings: true, skipComments: true, skipTemplates: true, skipJSXText: true, skipRegExps: true }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "tests/**/*.tsx"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests' live-server helpers (useLiveServer, useStores) are vitest fixtures, not React hooks.
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Tests, benchmarks and scripts read the API's JSON answers, whose shape their own checks
    // assert; migrations run against the schema as it was when they were written, not today's
    // Database type, so they take Kysely<any> as Kysely's own migrations do.
    files: ["tests/**", "e2e/**", "bench/**", "scripts/**", "server/db/migrations/**", "server/db/migrate.ts", "server/db/schema-introspector.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Route files declare routes: they validate, call a module and answer. A query written in one
    // (ctx.db.selectFrom(...), a transaction) belongs in the module that owns the data, where the
    // other callers of that data find it.
    files: ["server/routes/**/*.ts"],
    rules: {
      // Not even for a type: a route that names the query builder is about to write a query. The
      // route's database is AppContext["db"]; importing the db layer is dependency-cruiser's check.
      "no-restricted-imports": ["error", { paths: [{ name: "kysely", message: "Route files do not use the query builder: pass ctx.db to the module that owns the data." }] }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|updateTable|insertInto|replaceInto|deleteFrom|mergeInto|selectNoFrom|transaction|connection|executeQuery)$/]",
          message: "Route files do not query the database: move the query into the module that owns the data and call it.",
        },
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
