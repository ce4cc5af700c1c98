/**
 * The service's OpenAPI 3.1 description, generated from the zod contract (`shared/src/contract.ts`)
 * with zod's own JSON Schema output, so it cannot drift from what the routes validate. Served at
 * `GET /v1/openapi.json` (no token: it holds no secret); clients and fuzzers generate from it.
 * Request bodies are described as input (what a caller may send), responses as output.
 */
import {
	API_VERSION,
	askRequestSchema,
	askResponseSchema,
	callbackOriginRequestSchema,
	errorResponseSchema,
	feedbackRequestSchema,
	feedbackResponseSchema,
	jobCallbackBodySchema,
	jobCreatedSchema,
	jobRequestSchema,
	jobSchema,
	overviewRequestSchema,
	overviewResponseSchema,
	repoAddRequestSchema,
	repoInfoSchema,
	repoListSchema,
	statusResponseSchema,
} from "@codeask/shared";
import { type ZodType, z } from "zod";
import { VERSION } from "../version.js";

type JsonSchema = Record<string, unknown>;

function schema(type: ZodType, io: "input" | "output"): JsonSchema {
	const { $schema: _dialect, ...rest } = z.toJSONSchema(type, { io, unrepresentable: "any" }) as JsonSchema;
	return rest;
}

const json = (s: JsonSchema) => ({ "application/json": { schema: s } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const errorResponse = (description: string) => ({ description, content: json(ref("Error")) });
const COMMON_ERRORS = {
	"400": errorResponse("Invalid body (field issues listed), bad JSON or unusable settings"),
	"401": errorResponse("No bearer token"),
	"403": errorResponse("Wrong bearer token"),
	"408": errorResponse("The request was not received in time"),
	"413": errorResponse("Body over 16 KB"),
	"415": errorResponse("Not application/json"),
};
const ANSWER_ERRORS = {
	...COMMON_ERRORS,
	"503": errorResponse("Busy (Retry-After), no index loaded, or shutting down"),
	"504": errorResponse("The question ran past the time limit"),
};

function post(summary: string, body: string, responses: Record<string, unknown>) {
	return { summary, requestBody: { required: true, content: json(ref(body)) }, responses };
}

/** The whole document; built once per process. */
export function openApiDocument(): JsonSchema {
	return {
		openapi: "3.1.0",
		info: {
			title: "CodeAsk sidecar",
			version: VERSION,
			description: `Questions about an indexed TypeScript/JavaScript repository, answered with verified citations. API version ${API_VERSION}; see docs/service.md.`,
		},
		servers: [{ url: "/" }],
		security: [{ bearer: [] }],
		components: {
			securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
			schemas: {
				AskRequest: schema(askRequestSchema, "input"),
				AskResponse: schema(askResponseSchema, "output"),
				JobRequest: schema(jobRequestSchema, "input"),
				JobCreated: schema(jobCreatedSchema, "output"),
				Job: schema(jobSchema, "output"),
				JobCallbackBody: schema(jobCallbackBodySchema, "output"),
				CallbackOriginRequest: schema(callbackOriginRequestSchema, "input"),
				OverviewRequest: schema(overviewRequestSchema, "input"),
				OverviewResponse: schema(overviewResponseSchema, "output"),
				FeedbackRequest: schema(feedbackRequestSchema, "input"),
				FeedbackResponse: schema(feedbackResponseSchema, "output"),
				StatusResponse: schema(statusResponseSchema, "output"),
				RepoAddRequest: schema(repoAddRequestSchema, "input"),
				RepoInfo: schema(repoInfoSchema, "output"),
				RepoList: schema(repoListSchema, "output"),
				Error: schema(errorResponseSchema, "output"),
			},
		},
		paths: {
			"/healthz": {
				get: {
					summary: "Liveness",
					security: [],
					responses: { "200": { description: "Alive", content: json({ type: "object" }) } },
				},
			},
			"/readyz": {
				get: {
					summary: "Readiness: an index is loaded (and any refused replacement, with why)",
					security: [],
					responses: {
						"200": { description: "Ready", content: json({ type: "object" }) },
						"503": { description: "Not ready, with the reason", content: json({ type: "object" }) },
					},
				},
			},
			"/v1/openapi.json": {
				get: {
					summary: "This document",
					security: [],
					responses: { "200": { description: "OpenAPI 3.1", content: json({ type: "object" }) } },
				},
			},
			"/v1/status": {
				get: {
					summary: "Version, index, trunks, LLM (never a key), load figures",
					responses: {
						"200": { description: "Status", content: json(ref("StatusResponse")) },
						"401": COMMON_ERRORS["401"],
						"403": COMMON_ERRORS["403"],
						"503": errorResponse("No index loaded"),
					},
				},
			},
			"/v1/ask": {
				post: post("Answer a question and wait for it", "AskRequest", {
					"200": { description: "The answer", content: json(ref("AskResponse")) },
					...ANSWER_ERRORS,
				}),
			},
			"/v1/jobs": {
				post: post("Answer later: 202 + jobId, then a signed {jobId, status} callback", "JobRequest", {
					"202": { description: "Accepted", content: json(ref("JobCreated")) },
					...ANSWER_ERRORS,
				}),
			},
			"/v1/jobs/{id}": {
				get: {
					summary: "A job: status, answer, callback delivery",
					parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
					responses: {
						"200": { description: "The job", content: json(ref("Job")) },
						"401": COMMON_ERRORS["401"],
						"403": COMMON_ERRORS["403"],
						"404": errorResponse("Unknown or expired job"),
					},
				},
			},
			"/v1/callback-origins": {
				post: post(
					"Let callbacks to this origin reach loopback/private addresses (at most four)",
					"CallbackOriginRequest",
					{
						"200": { description: "Registered", content: json({ type: "object" }) },
						"409": errorResponse("Registration budget spent"),
						...COMMON_ERRORS,
					},
				),
			},
			"/v1/overview": {
				post: post("The repository or one package: Markdown, Mermaid, optional PNG", "OverviewRequest", {
					"200": { description: "The overview", content: json(ref("OverviewResponse")) },
					"404": errorResponse("Unknown package"),
					...ANSWER_ERRORS,
				}),
			},
			"/v1/feedback": {
				post: post("A vote on an answer (by answerId or jobId)", "FeedbackRequest", {
					"201": { description: "Stored", content: json(ref("FeedbackResponse")) },
					...COMMON_ERRORS,
					"503": errorResponse("The feedback store cannot be opened"),
				}),
			},
		},
	};
}
