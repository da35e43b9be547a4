// ESLint for the browser client (plain ES modules, no build step): scripts/check runs
// `npx eslint`, after `npm ci` has installed the versions package-lock.json pins.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["build/**", "node_modules/**", ".venv/**"],
  },
  js.configs.recommended,
  {
    files: ["src/fruitbowl/web/js/**/*.js", "tests/example_game/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: globals.browser,
    },
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
    rules: {
      eqeqeq: ["error", "smart"], // == only against null
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all", ignoreRestSiblings: true }],
      "no-use-before-define": ["error", { functions: false, classes: false }],
      "no-param-reassign": "off",
      "no-console": "error",
    },
  },
];
