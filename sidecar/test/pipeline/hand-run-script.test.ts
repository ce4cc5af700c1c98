import { describe, expect, it } from "vitest";
import { isHandRunScript, toolingLast } from "../../src/pipeline/auxiliary-code.js";
import { repoIndexForSuite, seededFiles as seededFilesOf } from "../support/seeded-files.js";

/**
 * A script run by hand beside the product (`webp-test.js`, `test-sharp.js`, `sample.js`: named for a test or a
 * sample, imported by no file) calls the product's code as a flow's entry would, and repeats its words in
 * every seed channel; it seeds after the product's own files, unless the question asks about tests.
 */
describe("a script run by hand beside the product", () => {
	const FILES: Record<string, string> = {
		"package.json": '{ "name": "acme-store", "version": "1.0.0", "main": "store.js" }',
		"store.js": [
			"// Copy an image into the store, with one resized copy per size.",
			"function copyImageIn(localPath, path, sizes) {",
			"\treturn resizeImage(localPath, sizes).then(() => copyIn(localPath, path));",
			"}",
			"function resizeImage(localPath, sizes) {",
			"\treturn Promise.all(sizes.map((s) => convert(localPath, s)));",
			"}",
			"function convert(localPath, size) {",
			"\treturn Promise.resolve(`${localPath}.${size}`);",
			"}",
			"function copyIn(localPath, path) {",
			"\treturn Promise.resolve(path);",
			"}",
			"module.exports = { copyImageIn, copyIn };",
		].join("\n"),
		"upload-form.js": [
			"const store = require('./store.js');",
			"const { sendTestNotification } = require('./test-providers.js');",
			"// The upload form: an image the user picks is stored with its resized copies.",
			"function uploadImage(file) {",
			"\treturn store.copyImageIn(file.path, `/images/${file.name}`, ['small', 'large']);",
			"}",
			"module.exports = { uploadImage };",
		].join("\n"),
		"test-providers.js": [
			"// A channel's test notification, sent from the settings page: product code named for a test.",
			"function sendTestNotification() {",
			"\treturn 'ok';",
			"}",
			"module.exports = { sendTestNotification };",
		].join("\n"),
		"app.js": [
			"const { uploadImage } = require('./upload-form.js');",
			"uploadImage({ path: '/tmp/a', name: 'a' });",
		].join("\n"),
		"webp-test.js": [
			"#!/usr/bin/env node",
			"const store = require('./store.js');",
			"function testCopyImageIn(image) {",
			"\treturn store.copyImageIn(image, '/images/test-image.webp', ['small']).then(() => console.log('OK copy image'));",
			"}",
			"function testCopyImageInResized(image) {",
			"\treturn store.copyImageIn(image, '/images/test-image-resized.webp', ['large']).then(() => console.log('OK resized image'));",
			"}",
			"testCopyImageIn('test.webp').then(() => testCopyImageInResized('test.webp'));",
		].join("\n"),
		"image-sample.js": [
			"const store = require('./store.js');",
			"function sampleImageUpload() {",
			"\treturn store.copyImageIn('sample.jpg', '/images/sample-image.jpg', ['small', 'large']);",
			"}",
			"sampleImageUpload();",
		].join("\n"),
	};
	const index = repoIndexForSuite(FILES, "codeask-hand-run-script-");

	it("is a file named for a test or a sample that no file imports", () => {
		expect(isHandRunScript(index(), "webp-test.js")).toBe(true);
		expect(isHandRunScript(index(), "image-sample.js")).toBe(true);
		// Not so named: no script.
		expect(isHandRunScript(index(), "store.js")).toBe(false);
		expect(isHandRunScript(index(), "app.js")).toBe(false);
	});

	it("is product code when a file imports it, whatever its name says", () => {
		expect(isHandRunScript(index(), "test-providers.js")).toBe(false);
	});

	it("is no script without the index's imports to tell", () => {
		expect(isHandRunScript({}, "webp-test.js")).toBe(false);
	});

	it("seeds after the product's files that share its words", () => {
		const files = seededFilesOf(index(), "How is an image uploaded and stored, with its resized copies?");
		const rank = (f: string) => files.indexOf(f);
		expect(rank("webp-test.js")).toBeGreaterThan(rank("upload-form.js"));
		expect(rank("image-sample.js")).toBeGreaterThan(rank("upload-form.js"));
		expect(rank("webp-test.js")).toBeGreaterThan(rank("store.js"));
	});

	it("seeds where its words put it when the question asks about tests", () => {
		const files = seededFilesOf(index(), "How do the image tests copy an image into the store?");
		expect(files.indexOf("webp-test.js")).toBeLessThan(files.indexOf("upload-form.js"));
	});

	it("is named after the product's places", () => {
		const defs = ["webp-test.js", "upload-form.js", "image-sample.js", "store.js"].map((file) => ({ file }));
		expect(toolingLast(index(), "How is an image stored?", defs).map((d) => d.file)).toEqual([
			"upload-form.js",
			"store.js",
			"webp-test.js",
			"image-sample.js",
		]);
	});
});
