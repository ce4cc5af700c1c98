import { describe, expect, it } from "vitest";
import { SIDECAR_TIMEOUT_MS, SidecarClient, SidecarError } from "../../lib/SidecarClient";
import { doneJob, Recorder } from "../support/fakes";

function client(recorder: Recorder) {
	return new SidecarClient(recorder.httpAccessor(), "http://sidecar:3900", "the-secret");
}

async function failure(promise: Promise<unknown>): Promise<SidecarError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(SidecarError);
		return error as SidecarError;
	}
	throw new Error("expected a SidecarError");
}

describe("SidecarClient", () => {
	it("creates a job with the bearer secret, a request id and a timeout below the engine's 30 s", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({ statusCode: 202, data: { jobId: "job-1" } });
		const jobId = await client(recorder).createJob({ question: "q?" }, "req-1");
		expect(jobId).toBe("job-1");
		const [call] = recorder.httpCalls;
		expect(call?.method).toBe("post");
		expect(call?.url).toBe("http://sidecar:3900/v1/jobs");
		expect(call?.options.headers).toMatchObject({
			authorization: "Bearer the-secret",
			"x-request-id": "req-1",
		});
		expect(call?.options.data).toEqual({ question: "q?" });
		expect(call?.options.timeout).toBe(SIDECAR_TIMEOUT_MS);
		expect(SIDECAR_TIMEOUT_MS).toBeLessThan(30_000);
	});

	it("reads JSON from the raw content when the engine did not parse it", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({ statusCode: 200, content: JSON.stringify(doneJob("job-2")) });
		const job = await client(recorder).getJob("job-2", "req");
		expect(job.status).toBe("done");
		expect(recorder.httpCalls[0]?.url).toBe("http://sidecar:3900/v1/jobs/job-2");
	});

	it.each([
		[401, "unauthorized"],
		[403, "forbidden"],
		[404, "not_found"],
		[400, "rejected"],
		[413, "rejected"],
		[429, "busy"],
		[503, "busy"],
		[504, "timeout"],
		[500, "server_error"],
	])("maps HTTP %i to %s", async (statusCode, code) => {
		const recorder = new Recorder();
		recorder.http = () => ({ statusCode, data: { error: { code: "x", message: "question is empty" } } });
		expect((await failure(client(recorder).status("req"))).code).toBe(code);
	});

	it("passes on the sidecar's validation message for a rejected question", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({
			statusCode: 400,
			data: { error: { code: "invalid_request", message: "question is longer than 2000 characters" } },
		});
		const error = await failure(client(recorder).createJob({ question: "x" }, "req"));
		expect(error.message).toBe("question is longer than 2000 characters");
	});

	it("maps a refused connection to unreachable and a timeout to timeout", async () => {
		const recorder = new Recorder();
		expect((await failure(client(recorder).status("req"))).code).toBe("unreachable");
		recorder.http = () => {
			throw new Error("ETIMEDOUT");
		};
		expect((await failure(client(recorder).status("req"))).code).toBe("timeout");
	});

	it("refuses responses of the wrong shape", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({ statusCode: 200, data: { hello: "world" } });
		expect((await failure(client(recorder).getJob("j", "req"))).code).toBe("bad_response");
		expect((await failure(client(recorder).status("req"))).code).toBe("bad_response");
		expect((await failure(client(recorder).createJob({ question: "q" }, "req"))).code).toBe("bad_response");
		recorder.http = () => ({ statusCode: 200, data: { ...doneJob("j"), result: { answer: 42 } } });
		expect((await failure(client(recorder).getJob("j", "req"))).code).toBe("bad_response");
	});
});
