import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["shared/test/**/*.test.ts", "sidecar/test/**/*.test.ts", "app/test/**/*.test.ts"],
		exclude: ["**/node_modules/**", "**/fixtures/**"],
		testTimeout: 60_000,
		hookTimeout: 120_000,
		pool: "forks",
		// No startup snapshot built into the user's cache by the many CLI runs of the suite (each
		// test of it sets its own cache folder); CODEASK_NO_SNAPSHOT=0 runs the suite with one.
		env: { CODEASK_NO_SNAPSHOT: process.env.CODEASK_NO_SNAPSHOT ?? "1" },
	},
});
