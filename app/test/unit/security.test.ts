import { describe, expect, it } from "vitest";
import { isInsecureSidecar } from "../../lib/security";

describe("secrets over plain http", () => {
	it.each([
		["http://codeask.internal:3900", true],
		["http://10.0.0.5:3900", true],
		["http://user@203.0.113.9", true],
		["https://codeask.example.com", false],
		["http://127.0.0.1:3900", false],
		["http://localhost:3900", false],
		["http://[::1]:3900", false],
	])("%s → warn: %s", (url, warn) => {
		expect(isInsecureSidecar(url)).toBe(warn);
	});
});
