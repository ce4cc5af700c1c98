import { describe, expect, it } from "vitest";
import { asksHowFeatureWorks } from "../../src/pipeline/feature-question.js";

describe("a question asking how a whole feature works", () => {
	it.each([
		["How does the config system work — from definition to use in the browser?", true],
		["How do email digests work?", true],
		["What is the workflow for exporting a report?", true],
		["How is a comment turned from markdown to HTML nodes?", true],
		["Describe the lifecycle of a job", true],
		// A question about one place, one step or one change is not.
		["Where is the logic for comment edit checks located?", false],
		["What happens when a user archives a board from the sidebar?", false],
		["What would be affected if I change AccountService.closeAccount?", false],
		["How is an invoice saved on the server side?", false],
		["Who works on the worker queue?", false],
	])("is told from its wording: %s → %s", (question, expected) => {
		expect(asksHowFeatureWorks(question)).toBe(expected);
	});
});
