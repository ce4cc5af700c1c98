import { describe, expect, it } from "vitest";
import { isTestFile } from "../../src/indexer/collect.js";

describe("isTestFile", () => {
	it("treats .test/.spec/.stories names as tests whatever they contain", () => {
		for (const name of ["a.test.ts", "a.spec.tsx", "Button.stories.tsx", "x.cy.js"]) {
			expect(isTestFile(name, () => "export const x = 1;")).toBe(true);
		}
	});

	it("decides *.e2e.* by content: a suite is a test, an end-to-end encryption module is source", () => {
		const suite = 'import { test, expect } from "@playwright/test";\ntest("logs in", async () => {});';
		const mochaSuite = 'describe("rooms", () => { it("works", () => {}); });';
		const feature = "export class E2ERoom {\n\tasync encrypt(message: string) { return message; }\n}";
		expect(isTestFile("login.e2e.ts", () => suite)).toBe(true);
		expect(isTestFile("rooms.e2e.js", () => mochaSuite)).toBe(true);
		expect(isTestFile("rocketchat.e2e.ts", () => feature)).toBe(false);
	});

	it("keeps ordinary source files", () => {
		expect(isTestFile("sendMessage.ts", () => 'describe("not read for plain names")')).toBe(false);
	});
});
