import { defineConfig } from "vitest/config";

/** Only for `npm`-less measurement runs: `npx vitest run --config app/test/measure/vitest.config.ts`. */
export default defineConfig({
	test: {
		include: ["app/test/measure/**/*.measure.ts"],
		testTimeout: 1_800_000,
		hookTimeout: 600_000,
		pool: "forks",
	},
});
