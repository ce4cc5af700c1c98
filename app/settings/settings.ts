import type { IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { ISetting } from "@rocket.chat/apps-engine/definition/settings";
import { SettingType } from "@rocket.chat/apps-engine/definition/settings";
import type { LlmProvider } from "../../shared/src/contract";
import { LINK_STYLES, type LinkStyle } from "../lib/links";
import { repoSettings } from "./repoSettings";

/** Ids of the admin settings (Administration → Apps → CodeAsk → Settings). */
export enum SettingId {
	SidecarUrl = "codeask_sidecar_url",
	SharedSecret = "codeask_shared_secret",
	LlmProvider = "codeask_llm_provider",
	LlmModel = "codeask_llm_model",
	LlmApiKey = "codeask_llm_api_key",
	LlmBaseUrl = "codeask_llm_base_url",
	RepoUrl = "codeask_repo_url",
	RepoRef = "codeask_repo_ref",
	RepoLinkStyle = "codeask_repo_link_style",
	AnswerPlacement = "codeask_answer_placement",
	RateLimitPerMinute = "codeask_rate_limit_per_minute",
	AnswerBudget = "codeask_answer_budget",
	MaxAnswerMessages = "codeask_max_answer_messages",
	CallbackBaseUrl = "codeask_callback_base_url",
}

/** `sidecar` = send no LLM settings and let the sidecar use its own configuration. */
export type LlmChoice = "sidecar" | LlmProvider;
export type AnswerPlacement = "thread" | "room";

const LLM_CHOICES: ReadonlyArray<LlmChoice> = ["sidecar", "none", "gemini", "openai"];
const PLACEMENTS: ReadonlyArray<AnswerPlacement> = ["thread", "room"];

/** Characters of the one-message answer (links included); Rocket.Chat's default message limit is 5,000. */
export const DEFAULT_ANSWER_BUDGET = 3500;

export const settings: Array<ISetting> = [
	{
		id: SettingId.SidecarUrl,
		type: SettingType.STRING,
		packageValue: "http://127.0.0.1:3900",
		required: true,
		public: false,
		i18nLabel: "setting_sidecar_url",
		i18nDescription: "setting_sidecar_url_description",
	},
	{
		id: SettingId.SharedSecret,
		type: SettingType.PASSWORD,
		packageValue: "",
		required: true,
		public: false,
		i18nLabel: "setting_shared_secret",
		i18nDescription: "setting_shared_secret_description",
	},
	{
		id: SettingId.LlmProvider,
		type: SettingType.SELECT,
		packageValue: "sidecar",
		required: true,
		public: false,
		values: LLM_CHOICES.map((key) => ({ key, i18nLabel: `setting_llm_provider_${key}` })),
		i18nLabel: "setting_llm_provider",
		i18nDescription: "setting_llm_provider_description",
	},
	{
		id: SettingId.LlmModel,
		type: SettingType.STRING,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_llm_model",
		i18nDescription: "setting_llm_model_description",
	},
	{
		id: SettingId.LlmApiKey,
		type: SettingType.PASSWORD,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_llm_api_key",
		i18nDescription: "setting_llm_api_key_description",
	},
	{
		id: SettingId.LlmBaseUrl,
		type: SettingType.STRING,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_llm_base_url",
		i18nDescription: "setting_llm_base_url_description",
	},
	{
		id: SettingId.RepoUrl,
		type: SettingType.STRING,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_repo_url",
		i18nDescription: "setting_repo_url_description",
	},
	{
		id: SettingId.RepoRef,
		type: SettingType.STRING,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_repo_ref",
		i18nDescription: "setting_repo_ref_description",
	},
	{
		id: SettingId.RepoLinkStyle,
		type: SettingType.SELECT,
		packageValue: "auto",
		required: true,
		public: false,
		values: LINK_STYLES.map((key) => ({ key, i18nLabel: `setting_repo_link_style_${key}` })),
		i18nLabel: "setting_repo_link_style",
		i18nDescription: "setting_repo_link_style_description",
	},
	{
		id: SettingId.AnswerPlacement,
		type: SettingType.SELECT,
		packageValue: "thread",
		required: true,
		public: false,
		values: PLACEMENTS.map((key) => ({ key, i18nLabel: `setting_answer_placement_${key}` })),
		i18nLabel: "setting_answer_placement",
		i18nDescription: "setting_answer_placement_description",
	},
	{
		id: SettingId.RateLimitPerMinute,
		type: SettingType.NUMBER,
		packageValue: 5,
		required: true,
		public: false,
		i18nLabel: "setting_rate_limit",
		i18nDescription: "setting_rate_limit_description",
	},
	{
		id: SettingId.AnswerBudget,
		type: SettingType.NUMBER,
		packageValue: DEFAULT_ANSWER_BUDGET,
		required: true,
		public: false,
		i18nLabel: "setting_answer_budget",
		i18nDescription: "setting_answer_budget_description",
	},
	{
		id: SettingId.MaxAnswerMessages,
		type: SettingType.NUMBER,
		packageValue: 4,
		required: true,
		public: false,
		i18nLabel: "setting_max_answer_messages",
		i18nDescription: "setting_max_answer_messages_description",
	},
	{
		id: SettingId.CallbackBaseUrl,
		type: SettingType.STRING,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_callback_base_url",
		i18nDescription: "setting_callback_base_url_description",
	},
	// Several repositories (settings/repoSettings.ts).
	...repoSettings,
];

export interface AppSettings {
	sidecarUrl: string;
	sharedSecret: string;
	llm: LlmChoice;
	llmModel: string;
	llmApiKey: string;
	/** Base URL of an OpenAI-compatible server (or a Gemini proxy); empty = the provider's default. */
	llmBaseUrl: string;
	repoUrl: string;
	repoRef: string;
	linkStyle: LinkStyle;
	placement: AnswerPlacement;
	/** Questions per user per minute; 0 turns the limit off. */
	rateLimitPerMinute: number;
	/** Characters of the default one-message answer; 0 = the server's message size. */
	answerBudget: number;
	/** Longest full answer, in chat messages; longer ones are shortened. 0 = no limit. */
	maxAnswerMessages: number;
	/** Rocket.Chat's base URL as the sidecar sees it; empty = the server's Site_Url. */
	callbackBaseUrl: string;
}

export type SettingsResult = { ok: true; settings: AppSettings } | { ok: false; problems: Array<string> };

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

function text(value: unknown): string {
	return typeof value === "string" ? value.trim() : "";
}

function stripTrailingSlashes(url: string): string {
	return url.replace(/\/+$/, "");
}

/** Reads every setting once and reports every problem at once, so an admin fixes them in one go. */
export async function readAppSettings(read: IRead): Promise<SettingsResult> {
	const reader = read.getEnvironmentReader().getSettings();
	const value = (id: SettingId): Promise<unknown> => reader.getValueById(id);

	const sidecarUrl = stripTrailingSlashes(text(await value(SettingId.SidecarUrl)));
	const sharedSecret = text(await value(SettingId.SharedSecret));
	const llmRaw = text(await value(SettingId.LlmProvider)) || "sidecar";
	const placementRaw = text(await value(SettingId.AnswerPlacement)) || "thread";
	const rateRaw = Number(await value(SettingId.RateLimitPerMinute));
	const maxMessagesRaw = Number((await value(SettingId.MaxAnswerMessages)) ?? 4);
	const budgetRaw = Number((await value(SettingId.AnswerBudget)) ?? DEFAULT_ANSWER_BUDGET);
	const linkStyleRaw = text(await value(SettingId.RepoLinkStyle)) || "auto";
	const repoUrl = stripTrailingSlashes(text(await value(SettingId.RepoUrl)));
	const callbackBaseUrl = stripTrailingSlashes(text(await value(SettingId.CallbackBaseUrl)));
	const llmBaseUrl = text(await value(SettingId.LlmBaseUrl));

	const problems: Array<string> = [];
	if (!HTTP_URL.test(sidecarUrl)) {
		problems.push("the sidecar URL is missing or is not an http(s) URL");
	}
	if (!sharedSecret) {
		problems.push("the shared secret is empty");
	}
	if (!(LLM_CHOICES as ReadonlyArray<string>).includes(llmRaw)) {
		problems.push(`the LLM provider "${llmRaw}" is not one of ${LLM_CHOICES.join(", ")}`);
	}
	if (!(PLACEMENTS as ReadonlyArray<string>).includes(placementRaw)) {
		problems.push(`the answer placement "${placementRaw}" is not one of ${PLACEMENTS.join(", ")}`);
	}
	if (!Number.isInteger(rateRaw) || rateRaw < 0) {
		problems.push("the rate limit must be a whole number of questions per minute (0 = no limit)");
	}
	if (!Number.isInteger(maxMessagesRaw) || maxMessagesRaw < 0) {
		problems.push("the longest answer must be a whole number of messages (0 = no limit)");
	}
	if (!Number.isInteger(budgetRaw) || budgetRaw < 0) {
		problems.push("the answer length must be a whole number of characters (0 = the server's message size)");
	}
	if (!(LINK_STYLES as ReadonlyArray<string>).includes(linkStyleRaw)) {
		problems.push(`the link style "${linkStyleRaw}" is not one of ${LINK_STYLES.join(", ")}`);
	}
	if (repoUrl && !HTTP_URL.test(repoUrl)) {
		problems.push("the repository web URL is not an http(s) URL");
	}
	if (llmBaseUrl && !HTTP_URL.test(llmBaseUrl)) {
		problems.push("the LLM base URL is not an http(s) URL");
	}
	if (callbackBaseUrl && !HTTP_URL.test(callbackBaseUrl)) {
		problems.push("the callback base URL is not an http(s) URL");
	}
	if (problems.length > 0) {
		return { ok: false, problems };
	}
	return {
		ok: true,
		settings: {
			sidecarUrl,
			sharedSecret,
			llm: llmRaw as LlmChoice,
			llmModel: text(await value(SettingId.LlmModel)),
			llmApiKey: text(await value(SettingId.LlmApiKey)),
			llmBaseUrl,
			repoUrl,
			repoRef: text(await value(SettingId.RepoRef)),
			linkStyle: linkStyleRaw as LinkStyle,
			placement: placementRaw as AnswerPlacement,
			rateLimitPerMinute: rateRaw,
			answerBudget: budgetRaw,
			maxAnswerMessages: maxMessagesRaw,
			callbackBaseUrl,
		},
	};
}
