import { describe, expect, it } from "vitest";
import { isOverviewQuestion, mentionedPackage } from "../../src/overview/classify.js";

const PACKAGES = [
	{ name: "acme.chat", dir: "" },
	{ name: "@acme/apps-engine", dir: "packages/apps-engine" },
	{ name: "@acme/server", dir: "apps/server" },
	{ name: "@acme/ui", dir: "packages/ui" },
	{ name: "@acme/ddp-client", dir: "packages/ddp-client" },
];

describe("isOverviewQuestion", () => {
	it.each([
		"What are the main modules?",
		"Give me an overview of this codebase",
		"How is the repository organized?",
		"What is the architecture of the monorepo?",
		"Which packages are there and how do they depend on each other?",
		"Can you give me a high-level picture?",
		"Walk me through the codebase",
		"What are the main modules of Acme.Chat?",
	])("routes a whole-repository question to the overview: %s", (q) => {
		expect(isOverviewQuestion(q, PACKAGES)).toEqual({ overview: true });
	});

	it.each([
		["Give me an overview of the apps engine", "@acme/apps-engine"],
		["What does the ddp-client package do?", "@acme/ddp-client"],
		["What is the packages/ui folder for?", "@acme/ui"],
		["Tell me about the apps-engine package", "@acme/apps-engine"],
		["what is the purpose of apps/server", "@acme/server"],
	])("routes a package question to that package's overview: %s", (q, pkg) => {
		expect(isOverviewQuestion(q, PACKAGES)).toEqual({ overview: true, package: pkg });
	});

	it.each([
		"How does the apps engine call an app's event handler?",
		"Where is a message's edit permission checked?",
		"What happens when a user uploads an avatar?",
		"What is the call chain from the composer to the database?",
		"What would break if the UI button component changed?",
		"How do I add a new REST endpoint to the server?",
		"What are the main components involved in sending a message?",
		"Give me an overview of how messages are sent",
		"What is the purpose of the afterSave callback in the apps-engine package?",
		"Describe the architecture of the push notification system",
	])("sends a specific question to the answer pipeline: %s", (q) => {
		expect(isOverviewQuestion(q, PACKAGES).overview).toBe(false);
	});
});

describe("mentionedPackage", () => {
	it("matches scoped names, folders and short-name words; the longest mention wins", () => {
		expect(mentionedPackage("about @acme/server please", PACKAGES)).toBe("@acme/server");
		expect(mentionedPackage("the apps engine internals", PACKAGES)).toBe("@acme/apps-engine");
		expect(mentionedPackage("the appsengine", PACKAGES)).toBe("@acme/apps-engine");
	});

	it("ignores short generic names unless called a package", () => {
		expect(mentionedPackage("how does the ui render a message", PACKAGES)).toBeUndefined();
		expect(mentionedPackage("what is in the server", PACKAGES)).toBeUndefined();
		expect(mentionedPackage("what is in the server package", PACKAGES)).toBe("@acme/server");
		expect(mentionedPackage("what does the ui package do", PACKAGES)).toBe("@acme/ui");
	});
});
