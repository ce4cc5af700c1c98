import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["shared/test/**/*.test.ts", "sidecar/test/**/*.test.ts", "app/test/**/*.test.ts"],
		exclude: ["**/node_modules/**", "**/fixtures/**"],
		testTimeout: 60_000,
		hookTimeout: 120_000,
		pool: "forks",
	},
});
