/**
 * The git layer against real repositories and a real https server on 127.0.0.1: a clone over the
 * size cap, a remote that hangs past the time limit, credentials that fail (and never appear on a
 * command line or in the error), a missing branch.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Git, GitError } from "../../src/repos/git.js";
import { makeRemote, type Remote } from "./git-fixtures.js";

const tmp = mkdtempSync(join(tmpdir(), "codeask-git-"));
const TOKEN = "ghp_secretTokenValue0123456789";
let remote: Remote;
let server: Server;
let base: string;
const cert = join(tmp, "cert.pem");
const key = join(tmp, "key.pem");
const argvLog = join(tmp, "argv.log");
const wrapper = join(tmp, "git-wrapper.sh");
/** Authorization headers the forge received. */
const offered: string[] = [];

const gitWith = (o: Partial<ConstructorParameters<typeof Git>[0]> = {}) =>
	new Git({
		protocols: ["https", "ssh", "file"],
		credentials: {},
		timeoutMs: 30_000,
		maxBytes: 50 * 1024 * 1024,
		...o,
	});

beforeAll(async () => {
	remote = makeRemote(tmp, "big", {
		"src/a.ts": "export const a = 1;\n",
		// Incompressible, so the clone is really this big.
		"assets/blob.bin": randomBytes(600 * 1024).toString("base64"),
	});
	execFileSync(
		"openssl",
		[
			"req",
			"-x509",
			"-newkey",
			"rsa:2048",
			"-nodes",
			"-keyout",
			key,
			"-out",
			cert,
			"-subj",
			"/CN=127.0.0.1",
			"-addext",
			"subjectAltName=IP:127.0.0.1",
			"-days",
			"1",
		],
		{ stdio: "ignore" },
	);
	// An https "forge" that wants credentials it never accepts, and hangs on /hang/.
	server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
		if (req.url?.startsWith("/hang/")) return;
		if (req.headers.authorization) offered.push(req.headers.authorization);
		res.writeHead(401, { "www-authenticate": 'Basic realm="forge"' });
		res.end("no");
	});
	await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
	base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
	// A git that records its command line, to show the token is never on it.
	writeFileSync(wrapper, `#!/bin/sh\necho "$@" >> '${argvLog}'\nexec git "$@"\n`);
	chmodSync(wrapper, 0o755);
});

afterAll(() => {
	server?.closeAllConnections();
	server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

describe("Git", () => {
	it("clones shallow (one commit) and fetches the next commit into the same checkout", async () => {
		const git = gitWith();
		const dir = join(tmp, "small");
		await git.clone(`file://${remote.bare}`, "main", dir);
		expect(execFileSync("git", ["-C", dir, "rev-list", "--count", "HEAD"]).toString().trim()).toBe("1");
		const next = remote.push({ "src/b.ts": "export const b = 2;\n" });
		await git.update(`file://${remote.bare}`, "main", dir);
		expect(await git.head(dir)).toBe(next);
		expect(existsSync(join(dir, "src/b.ts"))).toBe(true);
		expect(await git.remoteHead(`file://${remote.bare}`, "main")).toBe(next);
	});

	it("stops a clone over the size cap with a clear error and leaves nothing behind", async () => {
		const git = gitWith({ maxBytes: 300 * 1024 });
		const dir = join(tmp, "too-big");
		const err = await git.clone(`file://${remote.bare}`, "main", dir).catch((e: unknown) => e);
		expect(err).toBeInstanceOf(GitError);
		expect((err as GitError).code).toBe("too-large");
		expect((err as Error).message).toMatch(/size cap/);
		expect(existsSync(dir)).toBe(false);
	});

	it("says which branch is missing", async () => {
		const err = await gitWith()
			.clone(`file://${remote.bare}`, "nope", join(tmp, "nope"))
			.catch((e: unknown) => e);
		expect((err as GitError).code).toBe("branch-not-found");
	});

	it("reports failing credentials without the token on a command line or in the error", async () => {
		const git = gitWith({ credentials: { token: TOKEN }, caFile: cert, gitPath: wrapper });
		const err = await git
			.clone(`${base}/org/private.git`, "main", join(tmp, "private"))
			.catch((e: unknown) => e);
		expect(err).toBeInstanceOf(GitError);
		expect((err as GitError).code).toBe("auth-failed");
		expect((err as Error).message).not.toContain(TOKEN);
		expect(readFileSync(argvLog, "utf8")).not.toContain(TOKEN);
		// The token did reach the forge, through the credential helper.
		expect(offered.map((h) => Buffer.from(h.replace(/^Basic /, ""), "base64").toString())).toContain(
			`x-access-token:${TOKEN}`,
		);
		expect(existsSync(join(tmp, "private"))).toBe(false);
	});

	it("gives up on a remote that hangs after the time limit", async () => {
		const git = gitWith({ timeoutMs: 1500, caFile: cert });
		const err = await git.clone(`${base}/hang/repo.git`, "main", join(tmp, "hang")).catch((e: unknown) => e);
		expect((err as GitError).code).toBe("timeout");
		expect((err as Error).message).toMatch(/time limit/);
	});

	it("refuses protocols that are not allowed, even when git is asked directly", async () => {
		mkdirSync(join(tmp, "plain"));
		const err = await gitWith({ protocols: ["https"] })
			.clone(`file://${remote.bare}`, "main", join(tmp, "plain", "x"))
			.catch((e: unknown) => e);
		expect(err).toBeInstanceOf(GitError);
	});
});
