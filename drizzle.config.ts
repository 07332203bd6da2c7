import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from db/schema.ts, offline (no database needed).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
