import { describe, expect, it } from "vitest";
import { asksHowFeatureWorks } from "../../src/pipeline/feature-question.js";

describe("a question asking how a whole feature works", () => {
	it.each([
		["How does the Settings system work — from registration to client-side access?", true],
		["How do push notifications work?", true],
		["What is the storage workflow for file uploads?", true],
		["How is a message rendered from raw text to React components?", true],
		["Describe the lifecycle of a job", true],
		// A question about one place, one step or one change is not.
		["Where is the logic for message permission validation located?", false],
		["What happens when a user deletes a post from the calendar?", false],
		["What would be affected if I change UserService.deleteUserByUID?", false],
		["How is a message sent on the server side?", false],
		["Who works on the worker queue?", false],
	])("is told from its wording: %s → %s", (question, expected) => {
		expect(asksHowFeatureWorks(question)).toBe(expected);
	});
});
